import { describe, expect, it } from 'vitest';
import { editorFrom, postState, slugify, toInput } from './model.ts';

describe('blog editor model', () => {
  it('suggests Latin slugs', () => {
    expect(slugify('Привет, мир!')).toBe('privet-mir');
    expect(slugify('  Hello World 2026 ')).toBe('hello-world-2026');
  });

  it('tells drafts, scheduled and published posts apart', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(postState({ status: 'draft', publishedAt: null }, now)).toBe('draft');
    expect(postState({ status: 'published', publishedAt: '2026-02-01T00:00:00Z' }, now)).toBe('scheduled');
    expect(postState({ status: 'published', publishedAt: '2025-02-01T00:00:00Z' }, now)).toBe('published');
  });

  it('sends only the enabled languages and splits tags', () => {
    const s = editorFrom(null, 'en');
    s.slug = 'x';
    s.tags = 'news, release ,';
    s.versions.en.title = 'Hello';
    s.versions.ru.title = 'ignored';
    expect(toInput(s)).toMatchObject({ slug: 'x', tags: ['news', 'release'], versions: { en: { title: 'Hello' }, ru: undefined }, publishedAt: null });
  });
});
