// What the first load is made of, for `npm run bench` (issue 27: where a budget is not met, name the
// largest costs): per package (or app folder) of the entry's static closure, its share of the
// chunks' real gzip size. Each module is compressed alone and the shares scaled to the chunk's
// own gzip size, so the parts add up to what is sent.
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { shellFiles } from './shell-precache.ts';

export const FIRST_LOAD_REPORT = 'first-load-report.json';

/** `react-dom`, `@telegram-apps/telegram-ui`, or an app folder (`miniapp/src/app`, `shared/src/i18n`). */
export function ownerOf(id: string): string {
  const tail = id.split('node_modules/').pop()!;
  if (tail !== id) return tail.split('/').slice(0, tail.startsWith('@') ? 2 : 1).join('/');
  const m = /\/(miniapp\/src|shared\/src)\/([^/]+)/.exec(id);
  return m ? `${m[1]}/${m[2]!.replace(/\.tsx?$/, '')}` : 'other';
}

export function firstLoadReport(): Plugin {
  return {
    name: 'tracker:first-load-report',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const shell = shellFiles(bundle);
      const owners: Record<string, number> = {};
      for (const file of shell) {
        const chunk = bundle[file];
        // `/` is Russian: the English first-render texts are the other language's load, not this one's.
        if (chunk?.type !== 'chunk' || /web-en\.ts$/.test(chunk.facadeModuleId ?? '')) continue;
        const parts = Object.entries(chunk.modules).map(([id, m]) => ({ owner: ownerOf(id), size: m.code ? gzipSync(m.code).length : 0 }));
        const alone = parts.reduce((sum, p) => sum + p.size, 0) || 1;
        const real = gzipSync(chunk.code, { level: 9 }).length;
        for (const p of parts) owners[p.owner] = (owners[p.owner] ?? 0) + (p.size / alone) * real;
      }
      const rows = Object.entries(owners).map(([owner, bytes]) => ({ owner, bytes: Math.round(bytes) })).sort((a, b) => b.bytes - a.bytes);
      this.emitFile({ type: 'asset', fileName: FIRST_LOAD_REPORT, source: JSON.stringify(rows) });
    },
  };
}
