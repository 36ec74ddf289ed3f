// Issue 14: an app page carries the session user, the public config and the redirect decision as
// inline JSON that the page's CSP allows by nonce, escaped, and never kept by a shared cache.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BootData } from '@tracker/shared/api/boot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/fixtures.ts';
import { createTestServer, type TestResponse, type TestServer } from '../test/harness.ts';

const dist = mkdtempSync(path.join(os.tmpdir(), 'tracker-boot-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="ru"><head><!--app-boot--><!--app-locale--><title>Tracker</title></head><body><div id="root"></div></body></html>');

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ WEB_DIST: dist, TELEGRAM_BOT_USERNAME: 'boot_bot' });
  await t.sql(`insert into redirects (from_path, "to", permanent, enabled) values ('/old-boot', '/issues', true, true)`);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const BOOT = /<script type="application\/json" id="app-boot" nonce="([^"]+)">([\s\S]*?)<\/script>/;

function bootOf(res: TestResponse<string>): { nonce: string; data: BootData } {
  const found = BOOT.exec(res.body);
  if (!found) throw new Error(`no boot data in ${res.body}`);
  return { nonce: found[1]!, data: JSON.parse(found[2]!) as BootData };
}

const directive = (res: TestResponse, name: string) =>
  new RegExp(`(?:^|;)\\s*${name} ([^;]*)`).exec(res.headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ?? [];
const scriptSrc = (res: TestResponse) => directive(res, 'script-src');

describe('the boot data of an app page', () => {
  it('signed out: no user, the public config, no redirect, and no shared cache', async () => {
    const client = t.client();
    const res = await client.get<string>('/en/issues');
    expect(res.status).toBe(200);
    const { data } = bootOf(res);
    expect(data.user).toBeNull();
    expect(data.path).toBe('/en/issues');
    expect(data.redirect).toEqual({ to: null });
    expect(data.config).toEqual((await client.get('/api/config')).body);
    expect(data.config.telegramBotUsername).toBe('boot_bot');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('signed in: the user exactly as /api/user/me answers, in a page no cache keeps', async () => {
    const { client } = await createUser(t, { name: 'Boot Reader' });
    const res = await client.get<string>('/en/issues');
    expect(bootOf(res).data.user).toEqual((await client.get('/api/user/me')).body.user);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('carries the redirect decision /api/navigation/redirect gives for that path', async () => {
    const client = t.client();
    for (const p of ['/old-boot', '/en/old-boot', '/en/issues']) {
      const api = await client.get(`/api/navigation/redirect?path=${encodeURIComponent(p)}`);
      expect(bootOf(await client.get<string>(p)).data.redirect, p).toEqual(api.body);
    }
    expect(bootOf(await client.get<string>('/en/old-boot')).data.redirect).toEqual({ to: '/en/issues', external: false, permanent: true });
  });

  it('escapes a user name that tries to close the script, and the JavaScript line separators', async () => {
    const name = '</script><script>alert(1)</script> <!-- \u2028\u2029 &amp;';
    const { id, client } = await createUser(t);
    await t.sql('update users set name = ? where id = ?', [name, id]);
    const res = await client.get<string>('/issues');
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    expect(res.body).not.toMatch(/[\u2028\u2029]|<!-- |alert\(1\)<\/script>/);
    expect(bootOf(res).data.user?.name).toBe(name);
  });

  it('is allowed by the page’s CSP through a fresh nonce per response', async () => {
    const client = t.client();
    const first = await client.get<string>('/en/issues');
    const second = await client.get<string>('/en/issues');
    const { nonce } = bootOf(first);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(scriptSrc(first)).toContain(`'nonce-${nonce}'`);
    expect(scriptSrc(first)).toEqual(["'self'", 'https://telegram.org', `'nonce-${nonce}'`]);
    // The modal's scroll lock writes one <style> with the page's nonce; no other inline style passes.
    expect(directive(first, 'style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(bootOf(second).nonce).not.toBe(nonce);
    expect(scriptSrc(second)).toContain(`'nonce-${bootOf(second).nonce}'`);
    // The API keeps the static policy: no nonce outside pages.
    expect(scriptSrc(await client.get('/api/config'))).toEqual(["'self'", 'https://telegram.org']);
  });
});
