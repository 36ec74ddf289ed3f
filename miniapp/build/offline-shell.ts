// The server answers /index.html with 404 (it is no page route) and renders the shell per language,
// so the service worker precaches a verbatim copy as /offline.html and falls back to it offline.
import type { Plugin } from 'vite';

export const OFFLINE_SHELL = 'offline.html';

export function offlineShell(): Plugin {
  return {
    name: 'tracker:offline-shell',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') this.error('index.html missing from the bundle');
      this.emitFile({ type: 'asset', fileName: OFFLINE_SHELL, source: index.source });
    },
  };
}
