import { describe, expect, it } from 'vitest';
import { headLinks } from './head.ts';

describe('head links', () => {
  it('canonical keeps whitelisted query, alternates point to both languages', () => {
    const links = headLinks('https://t.example', '/en/Issues', '?utm=1&page=2');
    expect(links).toEqual([
      { rel: 'canonical', href: 'https://t.example/en/issues?page=2' },
      { rel: 'alternate', hreflang: 'ru', href: 'https://t.example/issues?page=2' },
      { rel: 'alternate', hreflang: 'en', href: 'https://t.example/en/issues?page=2' },
      { rel: 'alternate', hreflang: 'x-default', href: 'https://t.example/issues?page=2' },
    ]);
  });

  it('handles the home page', () => {
    const links = headLinks('https://t.example', '/', '');
    expect(links.map((l) => l.href)).toEqual(['https://t.example/', 'https://t.example/', 'https://t.example/en', 'https://t.example/']);
  });
});
