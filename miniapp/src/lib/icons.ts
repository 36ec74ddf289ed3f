// Icon loader for the local icon API (spec §7, §9): only icons on screen are fetched; requests are
// split to keep each URL within ICON_API.maxUrlLength, time out after ICON_API.timeoutMs; a 404
// means "missing", bad data is logged as 'Invalid data', and no failure breaks the page.
import type { IconSet } from '@tracker/shared/api/icons';
import { ICON_API } from '@tracker/shared/limits';
import { ApiError, createHttp, type FetchLike } from './http.ts';
import { log } from './logger.ts';

export interface IconData {
  body: string;
  width: number;
  height: number;
}

export const ICONS_ENDPOINT = '/api/icons';

/** Groups names into request URLs no longer than `maxLength` (absolute, as the browser sends them). */
export function iconRequestUrls(names: readonly string[], origin: string, maxLength: number = ICON_API.maxUrlLength): string[] {
  const base = `${origin}${ICONS_ENDPOINT}?icons=`;
  const urls: string[] = [];
  let current: string[] = [];
  const urlOf = (list: string[]) => base + list.map(encodeURIComponent).join(',');
  for (const name of names) {
    if (urlOf([name]).length > maxLength) {
      log.warn('icon name too long for the icon API', name);
      continue;
    }
    if (current.length && urlOf([...current, name]).length > maxLength) {
      urls.push(urlOf(current));
      current = [];
    }
    current.push(name);
  }
  if (current.length) urls.push(urlOf(current));
  return urls;
}

/** Icons of one Iconify JSON set, aliases resolved one level (all the sets we ship need). */
export function iconsFromSet(set: IconSet): Map<string, IconData> {
  const out = new Map<string, IconData>();
  const size = (i: { width?: number | undefined; height?: number | undefined }) => ({ width: i.width ?? set.width ?? 16, height: i.height ?? set.height ?? 16 });
  for (const [name, icon] of Object.entries(set.icons)) out.set(`${set.prefix}:${name}`, { body: icon.body, ...size(icon) });
  for (const [name, alias] of Object.entries(set.aliases ?? {})) {
    const parent = set.icons[alias.parent];
    if (parent) out.set(`${set.prefix}:${name}`, { body: parent.body, ...size({ ...parent, ...(alias as { width?: number; height?: number }) }) });
  }
  return out;
}

/** The answer's shape, checked without zod (the icons are drawn on first paint; issue 27's light start). */
function isIconSets(body: unknown): body is IconSet[] {
  return Array.isArray(body) && body.every((set) => !!set && typeof set === 'object' && typeof (set as IconSet).prefix === 'string' && !!(set as IconSet).icons && typeof (set as IconSet).icons === 'object');
}

/** `fetchImpl` only for tests; the loader calls through the app's one HTTP client. */
export function createIconLoader(fetchImpl?: FetchLike, origin = typeof location === 'undefined' ? '' : location.origin) {
  const client = createHttp(fetchImpl);
  /** Loaded icons; null = known missing. */
  const cache = new Map<string, IconData | null>();
  const pending = new Map<string, Promise<void>>();

  async function fetchUrl(url: string, names: readonly string[]): Promise<void> {
    try {
      const body = await client.get<unknown>(url, { retry: 0, timeout: ICON_API.timeoutMs });
      if (!isIconSets(body)) {
        log.error('Invalid data', url);
        return;
      }
      for (const set of body) for (const [name, icon] of iconsFromSet(set)) cache.set(name, icon);
      for (const name of names) if (!cache.has(name)) cache.set(name, null);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        for (const name of names) cache.set(name, null);
        return;
      }
      log.warn('icon request failed', url, err);
    }
  }

  const queued = new Set<string>();
  let flush: Promise<void> | null = null;

  async function send(names: readonly string[]): Promise<void> {
    await Promise.all(
      iconRequestUrls(names, origin).map((url) => {
        const batch = decodeURIComponent(url.slice(url.indexOf('?icons=') + 7)).split(',');
        return fetchUrl(url, batch);
      }),
    );
    for (const n of names) pending.delete(n);
  }

  return {
    get: (name: string): IconData | null | undefined => cache.get(name),
    /**
     * Loads the names not loaded yet; resolves when every request settled (never rejects). Names
     * asked for in the same tick (a sidebar's icons mounting together) go out in one request.
     */
    async load(names: readonly string[]): Promise<void> {
      const wanted = [...new Set(names)].filter((n) => !cache.has(n));
      const waits = wanted.map((n) => pending.get(n)).filter((p): p is Promise<void> => !!p);
      const fresh = wanted.filter((n) => !pending.has(n));
      if (fresh.length) {
        for (const n of fresh) queued.add(n);
        flush ??= Promise.resolve().then(() => {
          const batch = [...queued];
          queued.clear();
          flush = null;
          return send(batch);
        });
        for (const n of fresh) pending.set(n, flush);
        waits.push(flush);
      }
      await Promise.all(waits);
    },
  };
}

export const icons = createIconLoader();
