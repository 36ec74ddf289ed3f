import { describe, expect, it } from 'vitest';
import { parseBootData } from './boot-data.ts';

const user = { id: 7, name: '</script>', email: null, email_confirmed_at: null, phone: null, phone_confirmed_at: null, roles: [], locale: 'en', created_at: '2026-01-01T00:00:00Z' };
const config = { logLevel: 'info', debug: 0, telegramBotUsername: null, telegramUnsafeFallback: false, externalRedirectHosts: [] };

describe('the page’s boot data', () => {
  it('reads the user, config and redirect the server wrote, escapes undone', () => {
    const raw = JSON.stringify({ path: '/en/issues', user, config, redirect: { to: null } }).replace(/</g, '\\u003c');
    expect(parseBootData(raw)).toEqual({ path: '/en/issues', user, config, redirect: { to: null } });
    expect(parseBootData(JSON.stringify({ path: '/', user: null, config, redirect: { to: '/en', external: false } }))?.user).toBeNull();
  });

  it('gives null for a shell without it or with something unreadable, so the app asks the API', () => {
    expect(parseBootData(undefined)).toBeNull();
    expect(parseBootData('')).toBeNull();
    expect(parseBootData('{oops')).toBeNull();
    expect(parseBootData('null')).toBeNull();
    expect(parseBootData(JSON.stringify({ user, config, redirect: { to: null } }))).toBeNull();
    expect(parseBootData(JSON.stringify({ path: '/', user, config }))).toBeNull();
  });

  it('treats a user without an id as signed out', () => {
    expect(parseBootData(JSON.stringify({ path: '/', user: { name: 'x' }, config, redirect: { to: null } }))?.user).toBeNull();
  });
});
