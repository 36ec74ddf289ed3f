// Spec §9 names the theme colours by palette (primary green, neutral slate…); these are the shades
// used as CSS variables, picked for WCAG AA contrast of white text on the solid colour.
import { THEME_COLORS } from '@tracker/shared/limits';

const PALETTE = {
  green: { solid: '#15803d', soft: '#dcfce7', text: '#166534', textDark: '#86efac' },
  blue: { solid: '#1d4ed8', soft: '#dbeafe', text: '#1e40af', textDark: '#93c5fd' },
  slate: { solid: '#475569', soft: '#f1f5f9', text: '#334155', textDark: '#cbd5e1' },
  red: { solid: '#b91c1c', soft: '#fee2e2', text: '#991b1b', textDark: '#fca5a5' },
  yellow: { solid: '#a16207', soft: '#fef9c3', text: '#854d0e', textDark: '#fde047' },
} as const;

type Role = keyof typeof THEME_COLORS;

export const THEME_HEX = Object.fromEntries(
  Object.entries(THEME_COLORS).map(([role, palette]) => [role, PALETTE[palette].solid]),
) as Record<Role, string>;

/** `--color-primary: #15803d; --color-primary-soft: …` for every role of spec §9. */
export function themeCssVariables(): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [role, palette] of Object.entries(THEME_COLORS)) {
    const shades = PALETTE[palette];
    vars[`--color-${role}`] = shades.solid;
    vars[`--color-${role}-soft`] = shades.soft;
    vars[`--color-${role}-text`] = shades.text;
    vars[`--color-${role}-text-dark`] = shades.textDark;
  }
  return vars;
}
