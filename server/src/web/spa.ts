import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BootData } from '@tracker/shared/api/boot';
import type { PublicConfig } from '@tracker/shared/api/config';
import { resources } from '@tracker/shared/i18n';
import { LOCALE_TAGS, type Locale } from '@tracker/shared/locales';
import { matchRoute, splitLocale, type RouteMatch } from '@tracker/shared/routes';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { BOOT_PLACEHOLDER, bootScript, newNonce } from './boot-data.ts';
import { allowNonce } from './security.ts';
import { isApiPath, isFeedPath } from '../http/api-path.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** index.html per language: `lang` and description set; the boot data is added per request (`BOOT_PLACEHOLDER`). */
export function renderShell(template: string, locale: Locale): string {
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace(/(<meta name="description" content=")[^"]*"/, `$1${escapeAttr(resources[locale].home.metaDescription)}"`)
    .replace('<!--app-locale-->', `<meta name="app-locale" content="${LOCALE_TAGS[locale]}">`);
}

/**
 * Per route name, the `<link>` tags that start loading the page's chunks and texts with the entry,
 * from the build's `route-chunks.json` (miniapp/build/route-chunks.ts); none without it.
 */
export function routePreloads(distDir: string): Record<string, string> {
  const file = path.join(distDir, 'route-chunks.json');
  if (!existsSync(file)) return {};
  const routes = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  const tag = (f: string) =>
    f.endsWith('.css') ? `<link rel="preload" as="style" href="${escapeAttr(f)}">` : `<link rel="modulepreload" crossorigin href="${escapeAttr(f)}">`;
  return Object.fromEntries(Object.entries(routes).map(([name, files]) => [name, files.map(tag).join('')]));
}

/** What a server-rendered page adds to the shell (for crawlers and no-JS readers); the SPA then takes over. */
export interface PageRender {
  status?: number;
  /** Permanent redirect (e.g. a renamed blog post). */
  redirect?: string;
  title?: string;
  /** Extra tags for <head>; a `<meta name="description">` here replaces the shell's. */
  head?: string;
  /** HTML put inside the app root. */
  body?: string;
}
export type RenderPage = (ctx: Context, match: RouteMatch) => Promise<PageRender | null>;

export function applyRender(shell: string, page: PageRender): string {
  let html = shell;
  if (page.title !== undefined) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeAttr(page.title)}</title>`);
  if (page.head) {
    if (page.head.includes('name="description"')) html = html.replace(/<meta name="description"[^>]*>\s*/, '');
    html = html.replace('</head>', `${page.head}</head>`);
  }
  if (page.body) html = html.replace('<div id="root"></div>', `<div id="root">${page.body}</div>`);
  return html;
}

/** The per-request part of the boot data: who is signed in and where the requested path leads. */
export type LoadBoot = (ctx: Context) => Promise<Pick<BootData, 'user' | 'redirect'>>;

const isPageCandidate = (ctx: Context) =>
  (ctx.method === 'GET' || ctx.method === 'HEAD') && !isApiPath(ctx.path) && !isFeedPath(ctx.path);

/**
 * Serves the built web app in two steps. `files`, early in the chain: hashed assets cached forever
 * (pre-compressed .br/.gz), other files revalidated. `pages`, after the session is read: the shell
 * for every page route of the spec in both languages with its boot data inline, and a real 404
 * status (with the same shell, which renders the error page) for paths that match no route.
 */
export function spa(options: { distDir: string; publicConfig: PublicConfig; boot: LoadBoot; renderPage?: RenderPage }) {
  const indexFile = path.join(options.distDir, 'index.html');
  const built = existsSync(indexFile);
  const template = built ? readFileSync(indexFile, 'utf8') : '';
  const preloads = routePreloads(options.distDir);
  // Each language's shell starts loading that language's first-render texts with the entry.
  const texts = (locale: Locale) => (preloads[`texts:${locale}`] ?? '');
  const shells: Record<Locale, string> = {
    ru: renderShell(template, 'ru').replace(BOOT_PLACEHOLDER, () => `${BOOT_PLACEHOLDER}${texts('ru')}`),
    en: renderShell(template, 'en').replace(BOOT_PLACEHOLDER, () => `${BOOT_PLACEHOLDER}${texts('en')}`),
  };

  const files = async (ctx: Context, next: Next) => {
    if (!built || !isPageCandidate(ctx)) return next();
    const fileLike = path.extname(ctx.path) !== '' && ctx.path !== '/index.html';
    if (fileLike) {
      const immutable = ctx.path.startsWith('/assets/');
      try {
        const served = await send(ctx, ctx.path, {
          root: options.distDir,
          brotli: true,
          gzip: true,
          immutable,
          maxage: immutable ? 31536000000 : 0,
          setHeaders: (res) => res.setHeader('Cache-Control', immutable ? IMMUTABLE : 'no-cache'),
        });
        if (served) return;
      } catch (err) {
        if ((err as { status?: number }).status !== 404) throw err;
      }
    }
    return next();
  };

  const pages = async (ctx: Context, next: Next) => {
    if (!isPageCandidate(ctx)) return next();
    if (!built) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet: run `npm run build` (npm start does it for you).';
      return;
    }
    const match = matchRoute(ctx.path);
    const page = match && options.renderPage ? await options.renderPage(ctx, match) : null;
    if (page?.redirect) {
      ctx.status = 301;
      ctx.redirect(page.redirect);
      return;
    }
    const shell = shells[match?.locale ?? splitLocale(ctx.path).locale];
    const { user, redirect } = await options.boot(ctx);
    const nonce = newNonce();
    allowNonce(ctx, nonce);
    ctx.status = match ? (page?.status ?? 200) : 404;
    ctx.type = 'text/html; charset=utf-8';
    // The page carries its user and a nonce: no shared cache may keep it, and a signed-in one no cache at all.
    ctx.set('Cache-Control', user ? 'private, no-store' : 'private, no-cache');
    const boot = bootScript({ path: ctx.path, user, config: options.publicConfig, redirect }, nonce);
    // The page's own chunks load beside the entry, not after it (issue 14); not when it leads elsewhere
    // (a redirect, or sign-in for a visitor).
    const links = match && !redirect.to && (user || match.route.access === 'public') ? (preloads[match.route.name] ?? '') : '';
    const withBoot = shell.replace(BOOT_PLACEHOLDER, () => boot + links);
    ctx.body = page ? applyRender(withBoot, page) : withBoot;
  };

  return { files, pages };
}
