// In mini-app mode the app shows no colour of its own: every CSS file speaks the semantic variables
// of base.css (or color-mix() of them), and only base.css's web palette (--web-*) holds literal
// colours. Inline styles in components follow the same rule.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('..', import.meta.url).pathname;

// CSS named colours (CSS Color 4), without transparent and currentcolor, which name no colour.
const NAMED = 'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen'.split(' ');
const LITERAL = new RegExp(`#[0-9a-f]{3,8}\\b|\\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\\(|(?<![\\w-])(?:${NAMED.join('|')})(?![\\w-])`, 'i');

/** `selector → property: value` of every declaration holding a literal colour. */
function literalColours(css: string, allowed: (property: string) => boolean = () => false): string[] {
  const found: string[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const m of text.matchAll(/([^{};]+)\{([^{}]*)\}/g)) {
    for (const decl of m[2]!.split(';')) {
      const colon = decl.indexOf(':');
      if (colon < 0) continue;
      const property = decl.slice(0, colon).trim();
      const value = decl.slice(colon + 1).replace(/(['"])(?:(?!\1).)*\1/g, '""');
      if (LITERAL.test(value) && !allowed(property)) found.push(`${m[1]!.trim()} → ${property}:${value}`);
    }
  }
  return found;
}

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name), ext) : ext.test(e.name) ? [join(dir, e.name)] : []));
}

describe('no hard-coded colours', () => {
  it('finds literal colours (hex, colour functions, names) but not variables, color-mix of them or property names', () => {
    const sample = '.a { color: #fff; } .b { background: rgb(0 0 0 / 0.2); } .c { border-color: white; } .d { white-space: nowrap; color: var(--text); background: color-mix(in srgb, var(--bg) 80%, transparent); fill: currentColor; font-family: "Red Hat"; }';
    expect(literalColours(sample)).toEqual(['.a → color: #fff', '.b → background: rgb(0 0 0 / 0.2)', '.c → border-color: white']);
  });

  it('every CSS file uses the theme variables; only base.css defines the web palette from literals', () => {
    const offenders = files(SRC, /\.css$/).flatMap((file) => {
      const rel = relative(SRC, file);
      const allowed = rel === join('styles', 'base.css') ? (p: string) => p.startsWith('--web-') : undefined;
      return literalColours(readFileSync(file, 'utf8'), allowed).map((d) => `${rel}: ${d}`);
    });
    expect(offenders).toEqual([]);
  });

  it('no component sets a literal colour inline (style props or SVG fill/stroke)', () => {
    const inline = new RegExp(`\\b(?:color|background|backgroundColor|borderColor|fill|stroke|outlineColor)\\s*[:=]\\s*\\{?\\s*['"\`](?:#[0-9a-f]{3,8}|(?:rgba?|hsla?)\\(|(?:${NAMED.join('|')})\\b)`, 'i');
    const offenders = files(SRC, /\.tsx$/).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => [line, i] as const)
        .filter(([line]) => inline.test(line))
        .map(([line, i]) => `${relative(SRC, file)}:${i + 1}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
