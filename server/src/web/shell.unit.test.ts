import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from '@tracker/shared/i18n';
import { renderShell } from './spa.ts';

const template = readFileSync(path.resolve(import.meta.dirname, '../../../miniapp/index.html'), 'utf8');
const description = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];

describe('the page shell', () => {
  it('describes the site in the page’s own language: / in Russian, /en in English', () => {
    const ru = description(renderShell(template, 'ru'));
    const en = description(renderShell(template, 'en'));
    expect(ru).toBe(resources.ru.home.metaDescription);
    expect(en).toBe(resources.en.home.metaDescription);
    expect(ru).not.toMatch(/[a-z]{4,} (and|in) /);
    expect(en).not.toMatch(/[а-яё]/i);
  });
});
