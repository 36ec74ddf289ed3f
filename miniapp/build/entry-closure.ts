// One chunk for what the entry runs at start (issue 14). Rolldown splits the modules the entry shares
// with lazy pages by which chunks share them, which left the entry fourteen small files: on HTTP/1.1
// and through the service worker, each costs a request and a worker round on every load. This plugin
// records the modules `src/main.tsx` imports statically, and a code-splitting group takes them all.
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * `unused`: modules a package's index re-exports but nothing at start runs (react-i18next's `Trans`,
 * for two lazy components): left out of the closure, they go with the chunks that use them.
 */
export function entryClosure(entryFile: string, unused?: RegExp): { plugin: Plugin; test: (id: string) => boolean } {
  const entry = path.normalize(entryFile);
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'tracker:entry-closure',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const walk = (id: string) => {
        if (modules.has(id) || (unused?.test(id) ?? false)) return;
        modules.add(id);
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) walk(dep);
      };
      walk(entry);
      modules.delete(entry); // the entry chunk itself stays the page's script
    },
  };
  return { plugin, test: (id) => modules.has(path.normalize(id)) };
}
