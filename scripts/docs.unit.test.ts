// Docs name files and folders of this repository; a renamed or never-written path makes them lie.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
