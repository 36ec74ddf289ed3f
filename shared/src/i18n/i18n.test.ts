import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes.ts';
import { resources } from './index.ts';
import { LAZY_NAMESPACES, lazyResources } from './lazy.ts';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
const load = (lang: string) =>
  Object.fromEntries(
    readdirSync(path.join(import.meta.dirname, lang)).map((f) => [f, JSON.parse(readFileSync(path.join(import.meta.dirname, lang, f), 'utf8')) as Tree]),
  );

describe('locale resources', () => {
  const ru = load('ru');
  const en = load('en');

  it('have the same namespace files in ru and en', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ru).sort());
  });

  for (const file of Object.keys(ru)) {
    it(`${file}: ru and en have the same keys and no empty text`, () => {
      expect(keys(en[file] ?? {}).sort()).toEqual(keys(ru[file] ?? {}).sort());
      for (const tree of [ru[file], en[file]]) {
        const flat = JSON.stringify(tree);
        expect(flat).not.toMatch(/:""/);
      }
    });
  }

  it('registers every namespace file, eagerly in the resource index or lazily', () => {
    expect([...Object.keys(resources.ru), ...LAZY_NAMESPACES].sort()).toEqual(Object.keys(ru).map((f) => f.replace(/\.json$/, '')).sort());
  });

  it('loads lazy namespaces in both languages', async () => {
    for (const ns of LAZY_NAMESPACES) {
      const [r, e] = await Promise.all([lazyResources[ns].ru(), lazyResources[ns].en()]);
      expect(r.default).toEqual(ru[`${ns}.json`]);
      expect(e.default).toEqual(en[`${ns}.json`]);
    }
  });

  it('has a title for every route', () => {
    for (const route of ROUTES) {
      expect(resources.ru.titles).toHaveProperty(route.name);
      expect(resources.en.titles).toHaveProperty(route.name);
    }
  });
});

describe('error codes', () => {
  it('every API error code has a translation in both languages', async () => {
    const { ERROR_CODES } = await import('../errors.ts');
    for (const code of ERROR_CODES) {
      expect(resources.ru.errors.codes, code).toHaveProperty(code);
      expect(resources.en.errors.codes, code).toHaveProperty(code);
    }
  });
});
