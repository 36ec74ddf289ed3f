// Files the web app makes (a chart's CSV or PNG), handed to Telegram's downloader: held for their
// maker as long as their signed link lives, served to that link with no session, the same bytes
// back; anything not a CSV or a PNG, or too large, refused in the caller's language, nothing kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
let maker: TestUser;
let other: TestUser;

// A valid 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const CSV = '\uFEFFНеделя,Создано,Решено\r\n2026-11-23,4,"1"\r\n';
const cookieless = (url: string) => fetch(t.url + url);
const rows = async () => Number((await t.sql<{ n: number }>('select count(*)::int as n from browser_files'))[0]!.n);
const hold = (user: TestUser, body: unknown) => user.client.post('/api/downloads/files', body);

beforeAll(async () => {
  t = await createTestServer();
  maker = await createUser(t, { name: 'Maker' });
  other = await createUser(t, { name: 'Other' });
});
afterAll(() => t.close());

describe('files the web app makes, for Telegram', () => {
  it('serve the same bytes to their signed link with no session, as an attachment, to their maker only', async () => {
    const csv = await hold(maker, { fileName: 'created-resolved 2026.csv', type: 'text/csv', content: Buffer.from(CSV).toString('base64') });
    expect(csv.status).toBe(201);
    const { url, expiresAt } = csv.body as { url: string; expiresAt: string };
    expect(url).toMatch(new RegExp(`^/api/downloads/files/[0-9a-f-]{36}\\?user=${maker.id}&expires=\\d+&sig=[\\w-]+$`));
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    const file = await cookieless(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''created-resolved%202026.csv`);
    expect(file.headers.get('access-control-allow-origin')).toBe('*');
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(CSV))).toBe(true);

    const png = (await hold(maker, { fileName: 'chart.png', type: 'image/png', content: PNG.toString('base64') })).body as { url: string };
    const image = await cookieless(png.url);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    // The maker's session reads it too; another user's, the bare address without a session, or a
    // signature moved to another file does not.
    const path = url.split('?')[0]!;
    expect((await maker.client.get(path)).status).toBe(200);
    expect((await other.client.get(path)).status).toBe(404);
    expect((await cookieless(path)).status).toBe(401);
    expect((await cookieless(png.url.split('?')[0] + '?' + url.split('?')[1])).status).toBe(403);
    expect((await maker.client.get('/api/downloads/files/not-a-uuid')).status).toBe(404);
  });

  it('refuse what is not a CSV or a PNG, or too large, translated, and keep nothing', async () => {
    const before = await rows();
    const cases: [unknown, string][] = [
      [{ fileName: 'x.png', type: 'image/png', content: Buffer.from('GIF89a').toString('base64') }, 'content'],
      [{ fileName: 'x.csv', type: 'text/csv', content: Buffer.from([0xff, 0xfe, 0x00]).toString('base64') }, 'content'],
      [{ fileName: 'x.csv', type: 'text/csv', content: 'not base64!' }, 'content'],
      [{ fileName: 'x.csv', type: 'text/csv', content: '' }, 'content'],
      [{ fileName: 'x.svg', type: 'image/svg+xml', content: Buffer.from('<svg/>').toString('base64') }, 'type'],
      [{ fileName: '../x.csv', type: 'text/csv', content: Buffer.from('a').toString('base64') }, 'fileName'],
      [{ fileName: 'x.png', type: 'image/png', content: Buffer.concat([PNG, Buffer.alloc(700 * 1024)]).toString('base64') }, 'content'],
    ];
    for (const [body, field] of cases) {
      const res = await other.client.request('POST', '/api/downloads/files', { json: body, headers: { 'accept-language': 'en' } });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const issues = (res.body as { data: { issues: { path: string[]; message: string }[] } }).data.issues;
      expect(issues.map((i) => i.path[0]), JSON.stringify(body).slice(0, 80)).toContain(field);
      expect(issues.every((i) => i.message.startsWith('validation.'))).toBe(true);
      // Said in the caller's language, not as a key.
      expect((res.body as { statusMessage: string }).statusMessage).toMatch(/^[A-Z][a-z]+ [a-z]/);
    }
    expect(await rows()).toBe(before);
    expect((await t.client().post('/api/downloads/files', { fileName: 'x.csv', type: 'text/csv', content: 'YQ==' })).status).toBe(401);
  });

  it('keep a user’s ten newest files and forget expired ones', async () => {
    const urls: string[] = [];
    for (let i = 0; i < 12; i++) urls.push(((await hold(other, { fileName: `f${i}.csv`, type: 'text/csv', content: Buffer.from(`n,${i}`).toString('base64') })).body as { url: string }).url);
    expect((await cookieless(urls[0]!)).status).toBe(404);
    expect((await cookieless(urls[1]!)).status).toBe(404);
    expect(await (await cookieless(urls[11]!)).text()).toBe('n,11');
    expect(Number((await t.sql<{ n: number }>('select count(*)::int as n from browser_files where user_id = ?', [other.id]))[0]!.n)).toBe(10);
    await t.sql(`update browser_files set expires_at = now() - interval '1 second' where user_id = ?`, [other.id]);
    expect((await cookieless(urls[11]!)).status).toBe(404);
    await hold(maker, { fileName: 'next.csv', type: 'text/csv', content: 'YQ==' });
    expect(Number((await t.sql<{ n: number }>('select count(*)::int as n from browser_files where user_id = ?', [other.id]))[0]!.n)).toBe(0);
  });
});
