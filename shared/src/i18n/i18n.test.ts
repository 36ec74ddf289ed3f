import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes.ts';
import { resources } from './index.ts';
import { LAZY_NAMESPACES, lazyResources } from './lazy.ts';
import { createTranslator } from './translator.ts';
import { WEB_EAGER_NAMESPACES, webTexts } from './web.ts';

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

  it('give every plural all four forms (Russian needs one, few, many and other), in both languages', () => {
    const missing = Object.entries({ ru, en }).flatMap(([lang, files]) =>
      Object.entries(files).flatMap(([file, tree]) => {
        const all = new Set(keys(tree));
        // Ordinals (`_ordinal_two`: 2nd) follow other categories.
        const plurals = [...all].filter((k) => /_(one|few|many|other)$/.test(k) && !k.includes('_ordinal_')).map((k) => k.replace(/_(one|few|many|other)$/, ''));
        return [...new Set(plurals)].flatMap((base) => ['one', 'few', 'many', 'other'].filter((form) => !all.has(`${base}_${form}`)).map((form) => `${lang}/${file}:${base}_${form}`));
      }),
    );
    expect(missing).toEqual([]);
  });

  it('registers every namespace file, eagerly in the resource index or lazily', () => {
    expect([...new Set([...Object.keys(resources.ru), ...LAZY_NAMESPACES])].sort()).toEqual(Object.keys(ru).map((f) => f.replace(/\.json$/, '')).sort());
  });

  it("gives the web app every namespace it uses: first-render ones per language, the rest lazily, the bot's none", async () => {
    for (const locale of ['ru', 'en'] as const) {
      const { default: texts } = await webTexts[locale]();
      expect(Object.keys(texts).sort()).toEqual([...WEB_EAGER_NAMESPACES].sort());
      for (const ns of WEB_EAGER_NAMESPACES) expect(texts[ns]).toEqual(resources[locale][ns]);
    }
    const web = new Set<string>([...WEB_EAGER_NAMESPACES, ...LAZY_NAMESPACES]);
    expect(Object.keys(resources.ru).filter((ns) => !web.has(ns))).toEqual(['bot']);
  });

  it('loads lazy namespaces in both languages', async () => {
    for (const ns of LAZY_NAMESPACES) {
      const [r, e] = await Promise.all([lazyResources[ns].ru(), lazyResources[ns].en()]);
      expect(r.default).toEqual(ru[`${ns}.json`]);
      expect(e.default).toEqual(en[`${ns}.json`]);
    }
  });

  // A text left untranslated: the same in both languages while written in one language's letters
  // (Cyrillic in en, or Latin in ru). Allowed by name, with the reason.
  const SAME_ON_PURPOSE: Record<string, string> = {
    'account.json:languages.ru': 'a language is named in its own language',
    'account.json:languages.en': 'a language is named in its own language',
    'account.json:profile.email': '“E-mail” is the usual Russian word in forms',
    'account.json:me.email': '“E-mail” is the usual Russian word in forms',
    'admin.json:users.email': '“E-mail” is the usual Russian word in forms',
    'auth.json:email': '“E-mail” is the usual Russian word in forms',
    'issues.json:shortcuts.keys.Ctrl': 'the name printed on the key',
    'issues.json:shortcuts.keys.Esc': 'the name printed on the key',
    'issues.json:shortcuts.keys.Enter': 'the name printed on the key',
    'account.json:telegram.title': 'a product name, written the same in Russian',
  };
  const text = (tree: Tree | undefined, key: string): string | undefined => {
    let at: string | Tree | undefined = tree;
    for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
    return typeof at === 'string' ? at : undefined;
  };
  // Placeholders and tags are code, not words.
  const words = (s: string) => s.replace(/\{\{[^}]*\}\}|<[^>]*>/g, '');

  it('leave nothing untranslated: no text the same in both languages in one script', () => {
    const found: string[] = [];
    for (const file of Object.keys(ru)) {
      for (const key of keys(en[file] ?? {})) {
        const e = text(en[file], key);
        const r = text(ru[file], key);
        if (e === undefined || e !== r || SAME_ON_PURPOSE[`${file}:${key}`]) continue;
        if (/[А-Яа-яЁё]/.test(words(e)) || /[A-Za-z]/.test(words(r))) found.push(`${file}:${key} = ${JSON.stringify(e)}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('keep Cyrillic out of English texts but for the ways back to Russian', () => {
    const backToRussian = new Set(['account.json:languages.ru', 'common.json:language.switchTo', 'common.json:language.switchToLabel']);
    const found = Object.keys(en).flatMap((file) => keys(en[file] ?? {}).filter((key) => /[А-Яа-яЁё]/.test(words(text(en[file], key) ?? '')) && !backToRussian.has(`${file}:${key}`)).map((key) => `${file}:${key}`));
    expect(found).toEqual([]);
  });

  it('spell English the British way throughout, as most of the texts do', () => {
    const american = /\b(Canceled|Color|Colors|Favorite|Favorites|Organize|Organization|Behavior|Analyze|Center)\b/;
    const found = Object.keys(en).flatMap((file) => keys(en[file] ?? {}).filter((key) => american.test(words(text(en[file], key) ?? ''))).map((key) => `${file}:${key}`));
    expect(found).toEqual([]);
  });

  it('word Russian texts without "(а)": they name the event rather than guess the actor\'s gender', () => {
    const found = Object.keys(ru).flatMap((file) => keys(ru[file] ?? {}).filter((key) => /\((а|ла)\)/.test(text(ru[file], key) ?? '')).map((key) => `${file}:${key}`));
    expect(found).toEqual([]);
  });

  it('agree a quick-add chip\'s "not found" with its kind in Russian (метка — не найдена)', async () => {
    const tr = createTranslator();
    await tr.load(['issues']);
    expect(tr.text('ru', 'issues.quickAdd.notFound', { context: 'label' })).toBe('не найдена');
    expect(tr.text('ru', 'issues.quickAdd.notFound', { context: 'assignee' })).toBe('не найден');
    expect(tr.text('en', 'issues.quickAdd.notFound', { context: 'project' })).toBe('not found');
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
