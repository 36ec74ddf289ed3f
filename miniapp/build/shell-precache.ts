// The service worker precaches only the shell (issue 14: at most 30 files, 300 KB gzip): the HTML, the
// entry chunk with every chunk it imports statically, their CSS and the assets that CSS uses. Lazy chunks
// (pages, feature texts, dialogs, eruda, password dictionaries) are left to the run-time cache, so a
// deployment no longer makes every visitor download the whole app again.
import type { Plugin, Rolldown } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';

type ManifestTransform = NonNullable<NonNullable<VitePWAOptions['workbox']>['manifestTransforms']>[number];

/** File names (relative to the output folder) that the entry needs before the first render. */
export function shellFiles(bundle: Rolldown.OutputBundle): Set<string> {
  const files = new Set<string>();
  const addMeta = (meta: { importedCss: Set<string>; importedAssets: Set<string> } | undefined) => {
    for (const css of meta?.importedCss ?? []) {
      files.add(css);
      const sheet = bundle[css];
      if (sheet?.type === 'asset') for (const asset of sheet.viteMetadata?.importedAssets ?? []) files.add(asset);
    }
    for (const asset of meta?.importedAssets ?? []) files.add(asset);
  };
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (files.has(fileName) || chunk?.type !== 'chunk') return;
    files.add(fileName);
    addMeta(chunk.viteMetadata);
    for (const dep of chunk.imports) visit(dep);
  };
  for (const output of Object.values(bundle)) if (output.type === 'chunk' && output.isEntry) visit(output.fileName);
  // Each language's first-render texts: the entry imports them lazily, but renders only after one has loaded.
  for (const output of Object.values(bundle)) if (output.type === 'chunk' && /[/\\]i18n[/\\]web-(ru|en)\.ts$/.test(output.facadeModuleId ?? '')) visit(output.fileName);
  return files;
}

/**
 * A plugin that records the shell while the bundle is generated, and the workbox manifest transform
 * that keeps only the shell plus `alsoKeep` (files emitted outside the chunk graph, such as the offline
 * page) and the lazy chunks of `alsoModules`. vite-plugin-pwa appends the web manifest and its icons after every transform.
 */
export function shellPrecache(alsoKeep: (url: string) => boolean, alsoModules?: RegExp): { plugin: Plugin; transform: ManifestTransform } {
  let shell = new Set<string>();
  const plugin: Plugin = {
    name: 'tracker:shell-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      shell = shellFiles(bundle);
      // Lazy chunks the app needs offline too (the words of failures, "no connection" among them).
      for (const output of Object.values(bundle)) if (output.type === 'chunk' && alsoModules?.test(output.facadeModuleId ?? '')) shell.add(output.fileName);
    },
  };
  const transform: ManifestTransform = (entries) => {
    // No entry chunk seen means the plugin did not run: precaching nothing would pass every budget silently.
    if (shell.size === 0) throw new Error('shell-precache: no entry chunk recorded (is the plugin in the build?)');
    return { manifest: entries.filter((e) => shell.has(e.url) || alsoKeep(e.url)), warnings: [] };
  };
  return { plugin, transform };
}
