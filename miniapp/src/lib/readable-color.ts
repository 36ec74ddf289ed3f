// Colours chosen by users (status, label, project) and the spec's role colours must stay readable
// on whatever background the theme gives: WCAG's 4.5:1 against every background they sit on.
// Colour maths by colord (contrast per WCAG 2.x, mixing in CIE LAB).
import { colord, extend, type Colord } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import mixPlugin from 'colord/plugins/mix';

extend([a11yPlugin, mixPlugin]);

export const MIN_CONTRAST = 4.5;
const BLACK = colord({ r: 0, g: 0, b: 0 });
const WHITE = colord({ r: 255, g: 255, b: 255 });

/** `#rrggbb` of any CSS colour colord reads (alpha dropped), or null. */
export function toHex(color: string | null | undefined): string | null {
  if (!color) return null;
  const c = colord(color.trim());
  return c.isValid() ? c.alpha(1).toHex() : null;
}

export function contrast(a: string, b: string): number {
  return colord(a).contrast(b);
}

const worst = (c: Colord, backgrounds: readonly Colord[]) => Math.min(...backgrounds.map((b) => c.contrast(b)));

/**
 * The colour itself when it already reaches `min` on every background; otherwise the colour mixed
 * toward black (light backgrounds) or white (dark ones) just far enough. Backgrounds that pull both
 * ways get whichever extreme reads better.
 */
export function readableOn(color: string, backgrounds: readonly string[], min = MIN_CONTRAST): string {
  const bgs = backgrounds.map((b) => colord(b)).filter((b) => b.isValid());
  const c = colord(color);
  const base = c.isValid() ? c.alpha(1) : colord('#808080');
  if (bgs.length === 0 || worst(base, bgs) >= min) return base.toHex();
  const meanLuminance = bgs.reduce((n, b) => n + b.luminance(), 0) / bgs.length;
  const target = meanLuminance > 0.18 ? BLACK : WHITE;
  if (worst(target, bgs) < min) return (worst(BLACK, bgs) >= worst(WHITE, bgs) ? BLACK : WHITE).toHex();
  // Contrast grows monotonically along the mix toward the far extreme: bisect the least mix,
  // judging the colour as it will be written (#rrggbb, rounded channels).
  const at = (ratio: number) => colord(base.mix(target, ratio).toHex());
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 14; i += 1) {
    const mid = (lo + hi) / 2;
    if (worst(at(mid), bgs) >= min) hi = mid;
    else lo = mid;
  }
  return at(hi).toHex();
}

/** The candidate text colour that reads best on `fill` (black or white when none reaches `min`). */
export function textOn(fill: string, candidates: readonly string[] = [], min = MIN_CONTRAST): string {
  const f = colord(fill);
  if (!f.isValid()) return candidates[0] ?? BLACK.toHex();
  const best = (list: readonly Colord[]) => list.reduce((a, b) => (f.contrast(b) > f.contrast(a) ? b : a));
  const own = candidates.map((c) => colord(c)).filter((c) => c.isValid());
  if (own.length > 0) {
    const pick = best(own);
    if (f.contrast(pick) >= min) return pick.alpha(1).toHex();
  }
  return best([BLACK, WHITE]).toHex();
}

/** `ratio` of `color` over `base` (0: base, 1: color), as #rrggbb. */
export function mix(color: string, base: string, ratio: number): string {
  return colord(base).mix(color, ratio).alpha(1).toHex();
}

export const isDarkColor = (color: string): boolean => colord(color).isDark();
