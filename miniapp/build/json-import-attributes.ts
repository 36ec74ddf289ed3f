import type { Plugin } from 'vite';

/**
 * The shared i18n loaders import JSON with `with { type: 'json' }`, which Node needs. In `vite`'s dev
 * server the browser then expects a JSON response but gets Vite's JS module for it, so the dynamic
 * import fails. Dev only: the production build bundles these imports itself.
 */
export function jsonImportAttributesInDev(): Plugin {
  return {
    name: 'tracker:json-import-attributes-in-dev',
    apply: 'serve',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('/shared/src/i18n/')) return null;
      const stripped = code.replace(/,\s*\{\s*with:\s*\{\s*type:\s*['"]json['"]\s*\}\s*\}\s*\)/g, ')');
      return stripped === code ? null : { code: stripped, map: null };
    },
  };
}
