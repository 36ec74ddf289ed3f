// Icon sets installed as npm packages (`@iconify-json/<prefix>`), read once on first use.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { IconifyJSON } from '@iconify/types';
import { getIcons } from '@iconify/utils/lib/icon-set/get-icons';

const require = createRequire(import.meta.url);
// Static package data (not request state): caching it keeps every web instance identical.
const sets = new Map<string, Promise<IconifyJSON | null>>();

function loadSet(prefix: string): Promise<IconifyJSON | null> {
  let set = sets.get(prefix);
  if (!set) {
    set = (async () => {
      let file: string;
      try {
        file = require.resolve(`@iconify-json/${prefix}/icons.json`);
      } catch {
        return null;
      }
      return JSON.parse(await readFile(file, 'utf8')) as IconifyJSON;
    })();
    sets.set(prefix, set);
  }
  return set;
}

/**
 * Iconify JSON per requested set holding only the requested icons; names the set lacks are listed in
 * `not_found`. Sets that are not installed are left out.
 */
export async function iconData(names: readonly string[]): Promise<IconifyJSON[]> {
  const byPrefix = new Map<string, string[]>();
  for (const full of names) {
    const [prefix, name] = full.split(':') as [string, string];
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), name]);
  }
  const out: IconifyJSON[] = [];
  for (const [prefix, icons] of byPrefix) {
    const set = await loadSet(prefix);
    if (!set) continue;
    const data = getIcons(set, icons, true);
    if (data) out.push(data);
  }
  return out;
}
