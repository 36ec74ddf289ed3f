// The light start (issue 27): the web app calls the API through the shared endpoint declarations
// (shared/src/api/contract), but a production build needs only each endpoint's method and path —
// answers are trusted by their declared types, and the server is checked against the schemas in
// the e2e run (server/src/http/contract-check.ts). So in a build each declaration module becomes
// its method and path, and zod and the payload schemas stay out of every page that has no form.
// The declarations are read by importing the real modules here, in Node: one source of truth.
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const DECLARATIONS = /\/shared\/src\/api\/contract\/(?!endpoint\.ts$|index\.ts$)[a-z-]+\.ts$/;

type Declared = Record<string, Record<string, { method: string; path: string }>>;

/** The module's endpoint maps, each endpoint as its method and path only. */
export async function pathsModule(file: string): Promise<string> {
  const declared = (await import(pathToFileURL(file).href)) as Declared;
  return Object.entries(declared)
    .map(([name, endpoints]) => {
      const paths = Object.fromEntries(Object.entries(endpoints).map(([key, e]) => [key, { method: e.method, path: e.path }]));
      return `export const ${name} = ${JSON.stringify(paths)};`;
    })
    .join('\n');
}

export function contractPaths(): Plugin {
  return {
    name: 'tracker:contract-paths',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return DECLARATIONS.test(id) ? pathsModule(id) : null;
    },
  };
}
