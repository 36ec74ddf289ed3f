// Blog images (spec §9): WebP at every breakpoint width times every density, and a placeholder.
import MarkdownIt from 'markdown-it';
import { IMAGE } from './limits.ts';

/** Distinct pixel widths to produce: each breakpoint at density 1 and 2, ascending. */
export const IMAGE_WIDTHS: readonly number[] = [...new Set(Object.values(IMAGE.breakpoints).flatMap((w) => IMAGE.densities.map((d) => w * d)))].sort((a, b) => a - b);

/** `sizes` for a cover in the masonry list (one column of MASONRY_COLUMN_WIDTH) and on a post page. */
export const SIZES = {
  card: '(max-width: 640px) 100vw, 400px',
  post: '(max-width: 768px) 100vw, 768px',
} as const;

export const IMAGE_URL_PATTERN = /^\/api\/blog\/images\/([a-f0-9]{32})\/(\d+)\.webp$/;

export function imageSrcSet(url: string, widths: readonly number[] = IMAGE_WIDTHS): string {
  return widths.map((w) => `${url}/${w}.webp ${w}w`).join(', ');
}

/** The file a browser without srcset gets: the first width at least `target` wide. */
export function imageSrc(url: string, target = 768, widths: readonly number[] = IMAGE_WIDTHS): string {
  return `${url}/${widths.find((w) => w >= target) ?? widths[widths.length - 1]}.webp`;
}

// Raw HTML off (sanitised: `<script>` comes out as text); our uploaded images get srcset/sizes.
const md = new MarkdownIt({ html: false, linkify: true, breaks: false });
const defaultImage = md.renderer.rules.image!;
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const match = IMAGE_URL_PATTERN.exec(String(token.attrGet('src') ?? ''));
  if (match) {
    const url = `/api/blog/images/${match[1]}`;
    token.attrSet('srcset', imageSrcSet(url));
    token.attrSet('sizes', SIZES.post);
  }
  token.attrSet('loading', 'lazy');
  token.attrSet('decoding', 'async');
  return defaultImage(tokens, idx, options, env, self);
};

/** A post's Markdown body → safe HTML (the same on the server page, the API and the editor preview). */
export function renderPostMarkdown(src: string): string {
  return md.render(src);
}

/** Reading time in whole minutes, at least 1. */
export function readingMinutes(words: number, wpm = 200): number {
  return Math.max(1, Math.ceil(words / wpm));
}
