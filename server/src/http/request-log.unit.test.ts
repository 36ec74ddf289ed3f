import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../logger.ts';
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
