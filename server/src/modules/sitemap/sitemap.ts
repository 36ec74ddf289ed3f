// sitemap.xml per language (Russian URLs at /sitemap.xml, English at /en/sitemap.xml): every public
// route without parameters (token pages excepted) and every published post of that language, with hreflang alternates.
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@tracker/shared/locales';
import { ROUTES, localizePath } from '@tracker/shared/routes';

export interface SitemapPost {
  slug: string;
  locales: Locale[];
  updated_at: Date;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** Public pages listed in the sitemap: public access, no path parameters, not a one-time-link page. */
export const SITEMAP_ROUTES = ROUTES.filter((r) => r.access === 'public' && !r.path.includes(':') && !r.tokenPage);

function entry(origin: string, barePath: string, locale: Locale, locales: readonly Locale[], lastmod: Date): string {
  const url = (l: Locale) => xml(origin + localizePath(barePath, l));
  const alternates = locales.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${url(l)}"/>`);
  if (locales.includes(DEFAULT_LOCALE)) alternates.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${url(DEFAULT_LOCALE)}"/>`);
  return `<url><loc>${url(locale)}</loc><lastmod>${lastmod.toISOString()}</lastmod>${alternates.join('')}</url>`;
}

export function renderSitemap(options: { origin: string; locale: Locale; posts: readonly SitemapPost[]; staticLastmod: Date }): string {
  const { origin, locale, posts, staticLastmod } = options;
  const newestPost = posts.filter((p) => p.locales.includes(locale)).reduce<Date | null>((max, p) => (!max || p.updated_at > max ? p.updated_at : max), null);
  const urls = SITEMAP_ROUTES.map((r) => {
    const lastmod = r.name === 'blog' && newestPost && newestPost > staticLastmod ? newestPost : staticLastmod;
    return entry(origin, r.path, locale, LOCALES, lastmod);
  });
  for (const post of posts) {
    if (!post.locales.includes(locale)) continue;
    urls.push(entry(origin, `/blog/${encodeURIComponent(post.slug)}`, locale, post.locales, post.updated_at));
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function renderRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /en/admin',
    '',
    ...LOCALES.map((l) => `Sitemap: ${origin}${l === DEFAULT_LOCALE ? '' : `/${l}`}/sitemap.xml`),
    '',
  ].join('\n');
}
