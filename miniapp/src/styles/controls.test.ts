// Buttons are styled once (issue 27): styles/controls.css draws every variant and size of
// components/Button.tsx, and no other stylesheet restyles them (a feature positions its buttons with
// its own class names). The lint keeps the classes out of the screens (eslint.config.js).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('..', import.meta.url).pathname;
const CONTROLS = join('styles', 'controls.css');

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name), ext) : ext.test(e.name) ? [join(dir, e.name)] : []));
}

/** The selectors of a stylesheet (comments dropped), one per rule. */
function selectors(css: string): string[] {
  return [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{};]+)\{/g)].map((m) => m[1]!.trim()).filter((s) => !s.startsWith('@'));
}

const BUTTON_SELECTOR = /\.(btn|link-button)(?![\w-])|\.btn--/;

describe('one button look', () => {
  it('recognises the button classes and nothing that merely ends in "btn"', () => {
    expect(['.btn', '.user-menu .btn--small', '.link-button:hover', 'a.btn'].filter((s) => BUTTON_SELECTOR.test(s))).toHaveLength(4);
    expect(['.cf-icon-btn', '.sidebar__icon-btn', '.btn-like', '.button'].filter((s) => BUTTON_SELECTOR.test(s))).toEqual([]);
  });

  it('only controls.css styles the button classes', () => {
    const offenders = files(SRC, /\.css$/)
      .filter((file) => relative(SRC, file) !== CONTROLS)
      .flatMap((file) => selectors(readFileSync(file, 'utf8')).filter((s) => BUTTON_SELECTOR.test(s)).map((s) => `${relative(SRC, file)}: ${s}`));
    expect(offenders).toEqual([]);
  });

  it('controls.css draws every variant and size Button.tsx offers', () => {
    const source = readFileSync(join(SRC, 'components', 'Button.tsx'), 'utf8');
    const union = (name: string) => [...source.match(new RegExp(`type ${name} = ([^;]+);`))![1]!.matchAll(/'([\w-]+)'/g)].map((m) => m[1]!);
    const css = selectors(readFileSync(join(SRC, CONTROLS), 'utf8')).join('\n');
    const classes = [...union('ButtonVariant'), ...union('ButtonSize').filter((size) => size !== 'medium')].map((name) => `.btn--${name}`);
    expect(classes.length).toBeGreaterThan(6);
    expect(classes.filter((c) => !new RegExp(`${c.replace('.', '\\.')}(?![\\w-])`).test(css))).toEqual([]);
  });
});
