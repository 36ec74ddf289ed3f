import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { ConfigError, defaultPoolMax, loadConfig } from './config.ts';

const made: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tracker-config-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('config', () => {
  it('sizes the PostgreSQL pool from the cores, (2 × cores) + 1, unless DB_POOL_MAX says otherwise', () => {
    expect(defaultPoolMax(2)).toBe(5);
    expect(loadConfig({ DATA_DIR: dataDir() }).DB_POOL_MAX).toBe(2 * availableParallelism() + 1);
    expect(loadConfig({ DATA_DIR: dataDir(), DB_POOL_MAX: '12' }).DB_POOL_MAX).toBe(12);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DB_POOL_MAX: '0' })).toThrow(/DB_POOL_MAX/);
  });

  it('has working defaults for development and keeps a generated secret in DATA_DIR', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.TELEGRAM_MODE).toBe('off');
    expect(config.secureCookies).toBe(false);
    expect(config.SESSION_SECRET).toHaveLength(64);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(config.SESSION_SECRET);
    expect(loadConfig({ DATA_DIR: dir }).SESSION_SECRET).toBe(config.SESSION_SECRET);
  });

  it('names every bad or missing variable', () => {
    try {
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'nope' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as ConfigError).problems.join('\n');
      expect(text).toMatch(/PORT/);
      expect(text).toMatch(/LOG_LEVEL/);
      expect(text).toMatch(/DATABASE_URL/);
    }
  });

  it('requires a secret and a public URL in production and refuses the unsafe Telegram fallback', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TELEGRAM_ALLOW_UNSAFE_FALLBACK: 'true' })).toThrow(
      expect.objectContaining({
        problems: expect.arrayContaining([expect.stringMatching(/^SESSION_SECRET/), expect.stringMatching(/^PUBLIC_URL/), expect.stringMatching(/^TELEGRAM_ALLOW_UNSAFE_FALLBACK/)]),
      }),
    );
  });

  it('derives the bot mode and cookie policy from the public URL', () => {
    const dir = dataDir();
    const https = loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://t.example/', TELEGRAM_BOT_TOKEN: '123:abc' });
    expect(https.PUBLIC_URL).toBe('https://t.example');
    expect(https.TELEGRAM_MODE).toBe('webhook');
    expect(https.secureCookies).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, TELEGRAM_BOT_TOKEN: '123:abc' }).TELEGRAM_MODE).toBe('polling');
    expect(() => loadConfig({ DATA_DIR: dir, TELEGRAM_MODE: 'webhook', TELEGRAM_BOT_TOKEN: '123:abc' })).toThrow(/must be https/);
    expect(loadConfig({ DATA_DIR: dir, ADMIN_EMAILS: ' A@x.io, b@y.io ,' }).ADMIN_EMAILS).toEqual(['a@x.io', 'b@y.io']);
  });
});
