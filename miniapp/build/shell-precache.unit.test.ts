import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { shellFiles, shellPrecache } from './shell-precache.ts';

const meta = (css: string[] = [], assets: string[] = []) => ({ importedCss: new Set(css), importedAssets: new Set(assets), __modules: {} });
const chunk = (fileName: string, o: { isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] } = {}) => ({
  type: 'chunk',
  fileName,
  isEntry: o.isEntry ?? false,
  imports: o.imports ?? [],
  dynamicImports: o.dynamicImports ?? [],
  viteMetadata: meta(o.css, o.assets),
});
const asset = (fileName: string, assets: string[] = []) => ({ type: 'asset', fileName, viteMetadata: meta([], assets) });

// An entry importing a vendor chunk statically, a lazy page with its own CSS and a lazy text chunk.
const bundle = Object.fromEntries(
  [
    chunk('assets/index-a.js', { isEntry: true, imports: ['assets/react-b.js'], dynamicImports: ['assets/IssuesPage-c.js', 'assets/issues-d.js'], css: ['assets/index-e.css'] }),
    chunk('assets/react-b.js', { imports: ['assets/runtime-f.js'] }),
    chunk('assets/runtime-f.js'),
    chunk('assets/IssuesPage-c.js', { imports: ['assets/react-b.js'], css: ['assets/IssuesPage-g.css'] }),
    { ...chunk('assets/issues-d.js'), facadeModuleId: '/app/shared/src/i18n/ru/issues.json' },
    asset('assets/index-e.css', ['assets/sprite-h.svg']),
    asset('assets/IssuesPage-g.css'),
    asset('assets/sprite-h.svg'),
    asset('index.html'),
  ].map((o) => [o.fileName, o]),
) as unknown as Rolldown.OutputBundle;

describe('shell precache', () => {
  it('keeps the entry, its static imports, their CSS and what that CSS uses, and no lazy chunk', () => {
    expect([...shellFiles(bundle)].sort()).toEqual(['assets/index-a.js', 'assets/index-e.css', 'assets/react-b.js', 'assets/runtime-f.js', 'assets/sprite-h.svg']);
  });

  it('filters the workbox manifest to the shell and the extra files', () => {
    const { plugin, transform } = shellPrecache((url) => url === 'offline.html');
    (plugin.generateBundle as (o: unknown, b: Rolldown.OutputBundle) => void)({}, bundle);
    const entries = ['offline.html', 'assets/index-a.js', 'assets/IssuesPage-c.js', 'assets/issues-d.js', 'assets/IssuesPage-g.css', 'assets/sprite-h.svg'].map((url) => ({ url, revision: null, size: 1 }));
    const { manifest } = transform(entries) as { manifest: { url: string }[] };
    expect(manifest.map((e) => e.url)).toEqual(['offline.html', 'assets/index-a.js', 'assets/sprite-h.svg']);
  });

  it('keeps the lazy chunks of the modules named besides the shell', () => {
    const { plugin, transform } = shellPrecache(() => false, /\/i18n\/ru\/issues\.json$/);
    (plugin.generateBundle as (o: unknown, b: Rolldown.OutputBundle) => void)({}, bundle);
    const entries = ['assets/index-a.js', 'assets/IssuesPage-c.js', 'assets/issues-d.js'].map((url) => ({ url, revision: null, size: 1 }));
    const { manifest } = transform(entries) as { manifest: { url: string }[] };
    expect(manifest.map((e) => e.url)).toEqual(['assets/index-a.js', 'assets/issues-d.js']);
  });

  it('refuses to precache nothing when the bundle was never seen', () => {
    const { transform } = shellPrecache(() => true);
    expect(() => transform([{ url: 'offline.html', revision: null, size: 1 }])).toThrow(/no entry chunk/);
  });
});
