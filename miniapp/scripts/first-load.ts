// Sums the gzip size of the JavaScript the browser loads for the first view before any lazy page
// chunk: the entry and its static imports, read from dist/.vite/manifest.json.
// Run after a build: `node miniapp/scripts/first-load.ts`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const dist = path.join(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const seen = new Set<string>();
const visit = (key: string) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) visit(dep);
};
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);

let total = 0;
for (const key of seen) {
  const file = manifest[key]!.file;
  if (!file.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KiB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KiB  total (gzip -9) of first-load JavaScript`);
