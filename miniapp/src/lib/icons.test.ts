import { describe, expect, it, vi } from 'vitest';
import { ICON_API } from '@tracker/shared/limits';
import { createIconLoader, iconRequestUrls } from './icons.ts';
import * as logger from './logger.ts';

const origin = 'https://tracker.example';

describe('icon request URLs', () => {
  it('splits names so that no URL is longer than the limit', () => {
    const names = Array.from({ length: 80 }, (_, i) => `lucide:some-icon-name-${i}`);
    const urls = iconRequestUrls(names, origin);
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect(url.length).toBeLessThanOrEqual(ICON_API.maxUrlLength);
    const back = urls.flatMap((u) => decodeURIComponent(u.split('?icons=')[1]!).split(','));
    expect(back).toEqual(names);
  });
});

describe('icon loader', () => {
  const set = { prefix: 'lucide', width: 24, height: 24, icons: { house: { body: '<path d="M0 0"/>' } }, aliases: { home: { parent: 'house' } }, not_found: ['nope'] };

  it('loads icons, resolves aliases and remembers missing ones', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify([set]), { status: 200, headers: { 'content-type': 'application/json' } }));
    const loader = createIconLoader(fetch, origin);
    await loader.load(['lucide:house', 'lucide:home', 'lucide:nope']);
    expect(loader.get('lucide:house')).toEqual({ body: '<path d="M0 0"/>', width: 24, height: 24 });
    expect(loader.get('lucide:home')?.body).toBe('<path d="M0 0"/>');
    expect(loader.get('lucide:nope')).toBeNull();
    await loader.load(['lucide:house']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks once for the icons several components want in the same tick', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request) => new Response(JSON.stringify([set]), { status: 200, headers: { 'content-type': 'application/json' } }));
    const loader = createIconLoader(fetch, origin);
    await Promise.all([loader.load(['lucide:house']), loader.load(['lucide:home']), loader.load(['lucide:house', 'lucide:nope'])]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(decodeURIComponent(String(fetch.mock.calls[0]![0])).split('?icons=')[1]!.split(',').sort()).toEqual(['lucide:home', 'lucide:house', 'lucide:nope']);
    expect(loader.get('lucide:home')?.body).toBe('<path d="M0 0"/>');
  });

  it('treats a 404 as missing icons', async () => {
    const loader = createIconLoader(async () => new Response('{}', { status: 404 }), origin);
    await loader.load(['x:y']);
    expect(loader.get('x:y')).toBeNull();
  });

  it("logs invalid data as 'Invalid data' and network failures without throwing", async () => {
    const error = vi.spyOn(logger.log, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(logger.log, 'warn').mockImplementation(() => undefined);
    const bad = createIconLoader(async () => new Response('{"nope":1}', { status: 200 }), origin);
    await bad.load(['a:b']);
    expect(error).toHaveBeenCalledWith('Invalid data', expect.any(String));
    expect(bad.get('a:b')).toBeUndefined();
    const down = createIconLoader(async () => Promise.reject(new TypeError('Failed to fetch')), origin);
    await expect(down.load(['a:b'])).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });
});
