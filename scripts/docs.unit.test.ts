// Docs name files, folders, commands, compose services and environment variables of this repository;
// a renamed or never-written one makes them lie.
import { existsSync, globSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const DOCS = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
/** Where a path in the docs may start: the repository, or the source folder of a workspace (`modules/…`, `platform/…`). */
const BASES = ['', 'server/src', 'miniapp/src', 'bot/src', 'shared/src'].map((b) => path.join(root, b));
/** Made by a build or at run time, so absent from a fresh clone. */
const GENERATED = /(^|\/)(dist|node_modules|\.data)(\/|$)/;

const isDir = (p: string) => existsSync(p) && statSync(p).isDirectory();

/** The part of a pattern that must exist: up to the first placeholder segment (`<area>`, `*`, `…`). */
function fixedPart(ref: string): string {
  const segments = ref.split('/');
  const i = segments.findIndex((s) => /[<*{…]/.test(s));
  return (i === -1 ? segments : segments.slice(0, i)).join('/');
}

/** Backticked spans that look like repository paths: a first segment that is a folder of a base. */
function inlinePaths(text: string): string[] {
  const refs: string[] = [];
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    const ref = span!.trim().replace(/[.,;:]$/, '');
    if (!ref.includes('/') || /\s|:\/\/|^[/@$~]|[?=]/.test(ref)) continue;
    if (/^\.\.?\//.test(ref)) {
      refs.push(ref);
      continue;
    }
    const first = ref.split('/')[0]!;
    if (BASES.some((base) => isDir(path.join(base, first)))) refs.push(ref);
  }
  return refs;
}

/** Layout trees in code blocks: `server/src/` at the margin, its entries indented below it. */
function treePaths(text: string): string[] {
  const refs: string[] = [];
  for (const [, block] of text.matchAll(/```\w*\n([\s\S]*?)```/g)) {
    let parent: string | null = null;
    for (const line of block!.split('\n')) {
      const entry = /^(\s*)([\w.<>-]+(?:\/[\w.<>-]*)*)(?:\s{2,}\S|\s*$)/.exec(line);
      if (!entry || !/[./]/.test(entry[2]!)) {
        if (!/^\s/.test(line)) parent = null;
        continue;
      }
      const [, indent, name] = entry;
      if (indent === '') {
        refs.push(name!);
        parent = name!.endsWith('/') ? name! : null;
      } else if (parent) refs.push(parent + name);
    }
  }
  return refs;
}

describe('paths named in the docs', () => {
  for (const doc of DOCS) {
    it(`exist, in ${doc}`, () => {
      const text = readFileSync(path.join(root, doc), 'utf8');
      const refs = [...new Set([...inlinePaths(text), ...treePaths(text)])].filter((r) => !GENERATED.test(r));
      expect(refs.length).toBeGreaterThan(0);
      const exists = (ref: string) =>
        /^\.\.?\//.test(ref) ? existsSync(path.resolve(root, path.dirname(doc), fixedPart(ref))) : BASES.some((base) => existsSync(path.join(base, fixedPart(ref))));
      const missing = refs.filter((ref) => !exists(ref));
      expect(missing).toEqual([]);
    });
  }
});

/** Bare source file names in backticks (`contract.test.ts`): somewhere in the repository. */
function bareFiles(text: string): string[] {
  return [...text.matchAll(/`([\w.-]+\.tsx?)`/g)].map((m) => m[1]!);
}

const SOURCES = globSync(['{server,shared,bot,miniapp,scripts,e2e}/**/*.{ts,tsx,js,json,css,html}', '*.{ts,js,json,yml,md}', 'Caddyfile', 'Dockerfile', '.ci/*', 'docs/*.md'], {
  cwd: root,
  exclude: (name) => name === 'node_modules' || name === 'dist',
});
const BASENAMES = new Set(SOURCES.map((f) => path.basename(f)));

const pkg = (dir: string) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as { name: string; scripts?: Record<string, string> };
const WORKSPACES = ['shared', 'server', 'bot', 'miniapp'].map(pkg);
const ROOT_SCRIPTS = Object.keys(pkg('').scripts ?? {});
/** npm's own commands a doc may name. */
const NPM_COMMANDS = new Set(['install', 'ci', 'exec', 'run', 'init', 'audit', 'ls', 'outdated', 'update']);

/** `npm start`, `npm test`, `npm run x [-w ws]`: every script named exists where it is run. */
function npmCommands(text: string): string[] {
  const bad: string[] = [];
  for (const [all, verb, name, ws] of text.matchAll(/\bnpm (run |run-script )?([\w:-]+)(?:[^\n`|]*?(?:-w|--workspace)[ =](@?[\w/-]+))?/g)) {
    if (!verb && NPM_COMMANDS.has(name!)) continue;
    if (!verb && !['start', 'test'].includes(name!)) continue;
    const scripts = ws ? Object.keys(WORKSPACES.find((w) => w.name === ws || w.name.endsWith(`/${ws}`))?.scripts ?? {}) : ROOT_SCRIPTS;
    if (!scripts.includes(name!)) bad.push(all!.trim());
  }
  return bad;
}

const COMPOSE = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const SERVICES = new Set([...(/^services:\n([\s\S]*?)(?:^\S|(?![\s\S]))/m.exec(COMPOSE)?.[1] ?? '').matchAll(/^ {2}([\w-]+):/gm)].map((m) => m[1]!));

/** `docker compose exec app1 …`: the service is in docker-compose.yml. */
function composeServices(text: string): string[] {
  return [...text.matchAll(/docker compose (?:exec|run|logs|restart|stop|start|up|rm|ps|kill)((?: -[-\w]+(?:[ =][^\s-][^\s]*)?)*)((?: [a-z][\w-]*)+)/g)]
    .flatMap((m) => m[2]!.trim().split(' ').slice(0, /\b(exec|run)\b/.test(m[0]!) ? 1 : undefined))
    .filter((service) => !SERVICES.has(service));
}

/** The reader's own shell variables in examples (`curl -H "Authorization: Bearer $TRACKER_TOKEN"`). */
const SHELL_EXAMPLES = new Set(['TRACKER_TOKEN']);

const CONFIG = readFileSync(path.join(root, 'server/src/config.ts'), 'utf8');
// This file names made-up ones in its own check.
const ALL_SOURCE = SOURCES.filter((f) => !f.startsWith('docs/') && f !== 'README.md' && f !== 'scripts/docs.unit.test.ts').map((f) => readFileSync(path.join(root, f), 'utf8')).join('\n');

/**
 * Names in capitals with an underscore (`JOBS_STALL_SEC`, `ATTACHMENT_MAX_BYTES`) are settings or
 * constants: each is in the source. One set as `NAME=value`, or a row of a configuration table, is
 * an environment variable: config.ts reads it, or a script, a test harness or the compose file does.
 */
function capitalNames(text: string): { missing: string[]; unread: string[] } {
  const names = new Set([...text.matchAll(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g)].map((m) => m[1]!));
  const envs = new Set([...text.matchAll(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)=/g), ...text.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]!));
  const isRead = (name: string) => new RegExp(`\\b${name}\\s*:`).test(CONFIG) || new RegExp(`(process\\.env\\.|env\\[')${name}\\b|\\b${name}:|\\$\\{?${name}\\b`).test(ALL_SOURCE);
  const ours = (n: string) => !SHELL_EXAMPLES.has(n);
  return { missing: [...names].filter((n) => ours(n) && !ALL_SOURCE.includes(n)), unread: [...envs].filter((n) => ours(n) && !isRead(n)) };
}

describe('what else the docs name', () => {
  it('catches what does not exist', () => {
    expect([...SERVICES]).toEqual(expect.arrayContaining(['db', 'app1', 'app2']));
    expect(bareFiles('`contract.test.ts` and `nowhere-at-all.test.ts`').filter((f) => !BASENAMES.has(f))).toEqual(['nowhere-at-all.test.ts']);
    expect(npmCommands('`npm start`, `npm run bench`, `npm run build -w miniapp`, `npm run nope`, `npm run bench -w server`')).toEqual(['npm run nope', 'npm run bench -w server']);
    expect(composeServices('`docker compose exec app1 npm run admin`, `docker compose logs -f app1 app`, `docker compose exec app sh`')).toEqual(['app', 'app']);
    expect(capitalNames('`JOBS_STALL_SEC=60`, `ATTACHMENT_MAX_BYTES`, `NO_SUCH_SETTING=1`, `FOO_BAR`')).toEqual({ missing: ['NO_SUCH_SETTING', 'FOO_BAR'], unread: ['NO_SUCH_SETTING'] });
  });
  for (const doc of DOCS) {
    it(`exists, in ${doc}`, () => {
      const text = readFileSync(path.join(root, doc), 'utf8');
      const { missing, unread } = capitalNames(text);
      expect({
        files: bareFiles(text).filter((f) => !BASENAMES.has(f)),
        npmScripts: npmCommands(text),
        composeServices: composeServices(text),
        capitalNamesFoundNowhere: missing,
        environmentVariablesNothingReads: unread,
      }).toEqual({ files: [], npmScripts: [], composeServices: [], capitalNamesFoundNowhere: [], environmentVariablesNothingReads: [] });
    });
  }
});
