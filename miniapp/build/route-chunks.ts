// Issue 14, "a route's code and its data start loading together": the server writes
// `<link rel="modulepreload">` for the page's own chunks into the HTML it serves, so they load in
// parallel with the entry instead of after it (a waterfall of two or three rounds). This plugin
// records, per route name, the files the page's lazy chunk needs: the chunk, the chunks it imports
// statically and their CSS, and its feature texts in both languages (`loadNamespaces` loads both),
// minus what the entry loads anyway. The route names and modules come from `src/app/pages.ts`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { shellFiles } from './shell-precache.ts';

export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

const ENTRY = /(\w+):\s*(?:withTexts\()?\(\)\s*=>\s*import\('([^']+)'\)(?:,\s*\[([^\]]*)\])?/g;

/** Route name → its module (absolute) and feature namespaces, as `pages.ts` declares them. */
export function pageModules(pagesFile: string): Map<string, { module: string; namespaces: string[] }> {
  const source = readFileSync(pagesFile, 'utf8');
  const out = new Map<string, { module: string; namespaces: string[] }>();
  for (const m of source.matchAll(ENTRY)) {
    const namespaces = (m[3] ?? '').split(',').map((s) => s.trim().replace(/^'|'$/g, '')).filter(Boolean);
    out.set(m[1]!, { module: path.resolve(path.dirname(pagesFile), m[2]!), namespaces });
  }
  return out;
}

/** The files (from the output folder) a lazy chunk needs, with its static imports and their CSS. */
function chunkFiles(bundle: Rolldown.OutputBundle, fileName: string, into: Set<string>) {
  const chunk = bundle[fileName];
  if (into.has(fileName) || chunk?.type !== 'chunk') return;
  into.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const dep of chunk.imports) chunkFiles(bundle, dep, into);
}

export function routeChunks(pagesFile: string): Plugin {
  return {
    name: 'tracker:route-chunks',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const shell = shellFiles(bundle);
      const byModule = new Map<string, string>();
      for (const out of Object.values(bundle)) if (out.type === 'chunk' && out.facadeModuleId) byModule.set(path.normalize(out.facadeModuleId), out.fileName);
      const texts = (ns: string) =>
        [...byModule].filter(([id]) => /[/\\]i18n[/\\](ru|en)[/\\]/.test(id) && path.basename(id) === `${ns}.json`).map(([, file]) => file);
      const routes: Record<string, string[]> = {};
      for (const [name, { module, namespaces }] of pageModules(pagesFile)) {
        const file = byModule.get(path.normalize(module));
        if (!file) this.error(`route ${name}: no chunk for ${module}`);
        const files = new Set<string>();
        chunkFiles(bundle, file, files);
        for (const ns of namespaces) for (const t of texts(ns)) chunkFiles(bundle, t, files);
        routes[name] = [...files].filter((f) => !shell.has(f)).map((f) => `/${f}`);
      }
      // Not a route: each language's first-render texts, which its shell preloads (`texts:ru`, `texts:en`).
      for (const [id, file] of byModule) {
        const lang = /[/\\]i18n[/\\]web-(ru|en)\.ts$/.exec(id)?.[1];
        if (lang) routes[`texts:${lang}`] = [`/${file}`];
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_CHUNKS_FILE, source: JSON.stringify(routes) });
    },
  };
}
