// Blog pages rendered into the shell (issue 6): crawlers and readers without JavaScript get the
// title, description and content; the SPA replaces the markup when it starts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { blogListQuerySchema, slugSchema, type BlogPost, type PostSummary } from '@tracker/shared/api/blog';
import { imageSrc, imageSrcSet, SIZES } from '@tracker/shared/blog-images';
import { resources } from '@tracker/shared/i18n';
import { lazyResources } from '@tracker/shared/i18n/lazy';
import { canonicalUrl } from '@tracker/shared/head';
import { DEFAULT_LOCALE, LOCALES, LOCALE_TAGS, type Locale } from '@tracker/shared/locales';
import { buildPath, localizePath, type RouteMatch } from '@tracker/shared/routes';
import type { Context } from 'koa';
import type { PageRender } from '../../web/spa.ts';
import { findPublished, listPublished } from './published-posts.ts';

const texts = { ru: (await lazyResources.blog.ru()).default, en: (await lazyResources.blog.en()).default } as const;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const formatDate = (iso: string, locale: Locale) => new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

function headTags(o: { origin: string; canonical: string; description: string; title: string; type: string; image?: string | null; alternates: { hreflang: string; href: string }[] }) {
  const tags = [
    `<meta name="description" content="${esc(o.description)}">`,
    `<meta property="og:title" content="${esc(o.title)}">`,
    `<meta property="og:description" content="${esc(o.description)}">`,
    `<meta property="og:type" content="${o.type}">`,
    `<meta property="og:url" content="${esc(o.canonical)}">`,
    `<link rel="canonical" href="${esc(o.canonical)}" data-app-head>`,
    ...o.alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${esc(a.href)}" data-app-head>`),
  ];
  if (o.image) tags.push(`<meta property="og:image" content="${esc(o.origin + o.image)}">`);
  return tags.join('');
}

function coverImg(cover: PostSummary['cover'], sizes: string, alt: string): string {
  if (!cover) return '';
  return `<img src="${esc(imageSrc(cover.url))}" srcset="${esc(imageSrcSet(cover.url, cover.widths))}" sizes="${sizes}" width="${cover.width}" height="${cover.height}" alt="${esc(alt)}" loading="lazy" decoding="async">`;
}

function renderList(posts: PostSummary[], locale: Locale): string {
  const t = texts[locale];
  if (!posts.length) return `<p>${esc(t.empty)}</p>`;
  const items = posts.map((p) => {
    const href = buildPath('blogPost', { slug: p.slug }, locale);
    return `<li><article>${coverImg(p.cover, SIZES.card, '')}<h2><a href="${esc(href)}">${esc(p.title)}</a></h2><p><time datetime="${p.publishedAt}">${esc(formatDate(p.publishedAt, locale))}</time></p><p>${esc(p.excerpt)}</p></article></li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

function renderPost(post: BlogPost, locale: Locale): string {
  const t = texts[locale];
  const meta = [
    post.author ? esc(t.by.replace('{{name}}', post.author.name)) : '',
    `<time datetime="${post.publishedAt}">${esc(formatDate(post.publishedAt, locale))}</time>`,
    esc(t.readingTime.replace('{{count}}', String(post.readingMinutes))),
  ].filter(Boolean);
  const nav = [
    post.prev ? `<a rel="prev" href="${esc(buildPath('blogPost', { slug: post.prev.slug }, locale))}">${esc(t.prevPost)}: ${esc(post.prev.title)}</a>` : '',
    post.next ? `<a rel="next" href="${esc(buildPath('blogPost', { slug: post.next.slug }, locale))}">${esc(t.nextPost)}: ${esc(post.next.title)}</a>` : '',
  ].filter(Boolean);
  return `<article><h1>${esc(post.title)}</h1><p>${meta.join(' · ')}</p>${coverImg(post.cover, SIZES.post, '')}<div>${post.html}</div></article>${nav.length ? `<nav>${nav.join(' ')}</nav>` : ''}<p><a href="${esc(buildPath('blog', {}, locale))}">${esc(t.backToBlog)}</a></p>`;
}

export function blogPageRenderer(deps: { em: () => EntityManager; origin: string }) {
  return async (ctx: Context, match: RouteMatch): Promise<PageRender | null> => {
    const { locale } = match;
    const t = texts[locale];
    if (match.route.name === 'blog') {
      // The API's own query schema: a page or tag it refuses (NUL, out of range) is a 400 page, not a query.
      const query = blogListQuerySchema.safeParse({ page: ctx.query.page, tag: ctx.query.tag, lang: locale });
      if (!query.success) return { status: 400 };
      const list = await listPublished(deps.em(), query.data);
      const title = resources[locale].titles.blog;
      const search = ctx.querystring ? `?${ctx.querystring}` : '';
      return {
        title,
        head: headTags({
          origin: deps.origin,
          canonical: canonicalUrl(deps.origin, ctx.path, search),
          title,
          description: t.description,
          type: 'website',
          alternates: [
            ...LOCALES.map((l) => ({ hreflang: l, href: canonicalUrl(deps.origin, localizePath(match.barePath, l), search) })),
            { hreflang: 'x-default', href: canonicalUrl(deps.origin, localizePath(match.barePath, DEFAULT_LOCALE), search) },
          ],
        }),
        body: `<main><h1>${esc(title)}</h1><p>${esc(t.description)}</p>${renderList(list.posts, locale)}</main>`,
      };
    }
    if (match.route.name !== 'blogPost') return null;
    const slug = match.params.slug ?? '';
    const post = slugSchema.safeParse(slug).success ? await findPublished(deps.em(), slug, locale) : null;
    if (!post) return { status: 404, title: `404 · ${t.notFound}` };
    if (post.slug !== slug) return { redirect: buildPath('blogPost', { slug: post.slug }, locale) };
    const alternates: { hreflang: string; href: string }[] = post.locales.map((l) => ({ hreflang: l, href: deps.origin + buildPath('blogPost', { slug: post.slug }, l) }));
    if (post.locales.includes(DEFAULT_LOCALE)) alternates.push({ hreflang: 'x-default', href: deps.origin + buildPath('blogPost', { slug: post.slug }, DEFAULT_LOCALE) });
    return {
      title: post.title,
      head: headTags({
        origin: deps.origin,
        canonical: deps.origin + buildPath('blogPost', { slug: post.slug }, locale),
        title: post.title,
        description: post.excerpt || post.title,
        type: 'article',
        image: post.cover ? imageSrc(post.cover.url, 1280, post.cover.widths) : null,
        alternates,
      }) + `<meta property="article:published_time" content="${post.publishedAt}">`,
      body: `<main>${renderPost(post, locale)}</main>`,
    };
  };
}
