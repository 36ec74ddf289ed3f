import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { createLogger, type Logger } from '../logger.ts';
import { requestLog } from './request-log.ts';

async function levelOf(path: string, status = 200): Promise<string> {
  const seen: string[] = [];
  const logger = { info: () => seen.push('info'), debug: () => seen.push('debug') } as unknown as Logger;
  const ctx = { get: () => '', set: () => {}, state: {}, method: 'GET', path, status } as unknown as Context;
  await requestLog(logger)(ctx, async () => {});
  expect(seen).toHaveLength(1);
  return seen[0]!;
}

describe('request log', () => {
  it('logs static files at debug, so info shows the requests that matter', async () => {
    expect(await levelOf('/assets/index-abc123.js')).toBe('debug');
    expect(await levelOf('/icons/icon-192.png')).toBe('debug');
    expect(await levelOf('/sw.js')).toBe('debug');
  });

  it('logs API calls, pages, feeds and failed file requests at info', async () => {
    expect(await levelOf('/api/issues')).toBe('info');
    expect(await levelOf('/api/avatars/k-64.webp')).toBe('info');
    expect(await levelOf('/ics/token.ics')).toBe('info');
    expect(await levelOf('/en/issues')).toBe('info');
    expect(await levelOf('/assets/missing.js', 404)).toBe('info');
  });
});

describe('secrets in a path', () => {
  /** The JSON line the real logger writes for one request. */
  async function logLine(path: string): Promise<string> {
    const lines: string[] = [];
    const logger = createLogger('info', { destination: { write: (line: string) => lines.push(line) } });
    const ctx = { get: () => '', set: () => {}, state: {}, method: 'GET', path, status: 200 } as unknown as Context;
    await requestLog(logger)(ctx, async () => {});
    expect(lines).toHaveLength(1);
    return lines[0]!;
  }
  const secret = 'q7Xk2m9RtV4bN8cL1pZ6wY3sH5jD0fGaEeUuIiOoPp_';

  it('masks a calendar feed token, in any letter case, and keeps the rest of the line', async () => {
    for (const path of [`/ics/${secret}.ics`, `/ICS/${secret}.ICS`, `/ics/${secret}`]) {
      const line = await logLine(path);
      expect(line).not.toContain(secret);
      expect(JSON.parse(line)).toMatchObject({ msg: 'request', method: 'GET', status: 200, path: expect.stringMatching(/^\/ics\/\[redacted\](\.ics)?$/i) });
    }
  });

  it('masks a Telegram link token; other paths are logged as they are', async () => {
    expect(JSON.parse(await logLine(`/api/telegram/link/${secret}`)).path).toBe('/api/telegram/link/[redacted]');
    expect(await logLine(`/API/Telegram/Link/${secret}`)).not.toContain(secret);
    expect(JSON.parse(await logLine('/api/telegram/link')).path).toBe('/api/telegram/link');
    expect(JSON.parse(await logLine('/api/issues/WEB-12')).path).toBe('/api/issues/WEB-12');
  });
});
