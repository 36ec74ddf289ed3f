import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iconsResponseSchema } from '@tracker/shared/api/icons';
import { ICON_API } from '@tracker/shared/limits';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

describe('GET /api/icons', () => {
  it('returns Iconify JSON with only the requested icons', async () => {
    const res = await t.client().get('/api/icons?icons=lucide:house,lucide:user');
    expect(res.status).toBe(200);
    const sets = iconsResponseSchema.parse(res.body);
    expect(sets).toHaveLength(1);
    expect(sets[0]!.prefix).toBe('lucide');
    expect(Object.keys(sets[0]!.icons).sort()).toEqual(['house', 'user']);
    expect(sets[0]!.icons.house!.body).toContain('<path');
    expect(sets[0]!.width).toBe(24);
    expect(res.headers.get('cache-control')).toContain('max-age');
  });

  it('lists unknown icons of a known set as not found, and answers 404 when nothing is found', async () => {
    const partly = iconsResponseSchema.parse((await t.client().get('/api/icons?icons=lucide:house,lucide:no-such-icon')).body);
    expect(Object.keys(partly[0]!.icons)).toEqual(['house']);
    expect(partly[0]!.not_found).toEqual(['no-such-icon']);
    expect((await t.client().get('/api/icons?icons=lucide:no-such-icon')).status).toBe(404);
    expect((await t.client().get('/api/icons?icons=nosuchset:house')).status).toBe(404);
  });

  it('refuses malformed and over-long requests', async () => {
    expect((await t.client().get('/api/icons')).status).toBe(400);
    expect((await t.client().get('/api/icons?icons=../../etc:passwd')).status).toBe(400);
    const names = Array.from({ length: 60 }, (_, i) => `lucide:icon-${i}`).join(',');
    const url = `/api/icons?icons=${names}`;
    expect(url.length).toBeGreaterThan(ICON_API.maxUrlLength);
    const res = await t.client().get(url);
    expect(res.status).toBe(414);
  });
});
