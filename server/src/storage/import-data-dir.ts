// Files written to the data folder before the store existed (attachments, avatars, blog images) are
// copied into it once, at start. Idempotent: a key already stored is skipped, and two replicas that
// start together at worst write the same bytes twice. The files are left in place as a copy nobody reads
// any more (deleting them is the operator's call); a marker then saves later starts the walk.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import type { BlobStore } from './blob-store.ts';

export const IMPORT_MARKER = 'IMPORTED.txt';

interface Layout {
  folder: string;
  contentType: string;
  /** The store key of a file at `<folder>/<dir>/<name>`, or null for anything else (temporary files). */
  keyOf(dir: string, name: string): string | null;
}

// The folder layouts of the disk implementations this store replaces.
const LAYOUTS: Layout[] = [
  {
    folder: 'attachments',
    contentType: 'application/octet-stream',
    keyOf: (dir, name) => (/^[a-f0-9]{2}$/.test(dir) && /^[a-f0-9]{32}$/.test(name) ? `attachments/${name}` : null),
  },
  {
    folder: 'avatars',
    contentType: 'image/webp',
    keyOf: (dir, name) => (/^[a-f0-9]{2}$/.test(dir) && /^[a-f0-9]{32}-\d+\.webp$/.test(name) ? `avatars/${name}` : null),
  },
  {
    folder: 'blog-images',
    contentType: 'image/webp',
    keyOf: (dir, name) => (/^[a-f0-9]{32}$/.test(dir) && /^\d+\.webp$/.test(name) ? `blog-images/${dir}/${name}` : null),
  },
];

const markerText = (store: BlobStore) => `store: ${store.name}\n`;

export async function importDataDir(store: BlobStore, dataDir: string, logger: Logger): Promise<{ imported: number; skipped: number }> {
  let imported = 0;
  let skipped = 0;
  for (const layout of LAYOUTS) {
    const root = path.join(dataDir, layout.folder);
    const marker = await readFile(path.join(root, IMPORT_MARKER), 'utf8').catch(() => null);
    if (marker?.startsWith(markerText(store))) continue;
    const dirs = await readdir(root, { withFileTypes: true }).catch(() => []);
    if (!dirs.length) continue;
    let failed = 0;
    for (const dir of dirs.filter((d) => d.isDirectory())) {
      for (const name of await readdir(path.join(root, dir.name))) {
        const key = layout.keyOf(dir.name, name);
        if (!key) continue;
        try {
          if (await store.exists(key)) {
            skipped += 1;
            continue;
          }
          await store.put(key, await readFile(path.join(root, dir.name, name)), { contentType: layout.contentType });
          imported += 1;
        } catch (err) {
          failed += 1;
          logger.error({ err, key }, 'a file of the data folder could not be copied into the store; it stays on disk and is tried again at the next start');
        }
      }
    }
    if (failed) continue;
    const note = `${markerText(store)}at: ${new Date().toISOString()}\n\nEvery file of this folder was copied into the store above; Tracker no longer reads them here.\nThey are kept as a copy: delete them once a backup of the store exists.\n`;
    await writeFile(path.join(root, IMPORT_MARKER), note);
    logger.info({ folder: layout.folder, store: store.name }, 'files of the data folder copied into the store');
  }
  return { imported, skipped };
}
