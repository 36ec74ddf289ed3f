// The public blog as its pages and the sitemap show it: lists, a post with its neighbours, the
// sitemap's entries (the reads: published-posts.repository.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { BLOG_PAGE_SIZE, type BlogPost, type PostSummary } from '@tracker/shared/api/blog';
import { readingMinutes } from '@tracker/shared/blog-images';
import { renderPostMarkdown } from '@tracker/shared/blog-images';
import type { Locale } from '@tracker/shared/locales';
import { iso } from '../../db/sql.ts';
import { toImageDto, type ImageRow } from './images.ts';
import { neighbours, publishedPage, publishedPost, publishedTags, sitemapRows } from './published-posts.repository.ts';

interface SummaryRow extends ImageRow {
  slug: string;
  tags: string[];
  published_at: string;
  title: string;
  excerpt: string;
  words: number;
  author_id: number | null;
  author_name: string | null;
}

function toSummary(row: SummaryRow): PostSummary {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    tags: row.tags,
    publishedAt: iso(row.published_at),
    readingMinutes: readingMinutes(Number(row.words)),
    author: row.author_id != null ? { id: row.author_id, name: row.author_name ?? '' } : null,
    cover: toImageDto(row),
  };
}

export async function listPublished(em: EntityManager, q: { lang: Locale; page: number; tag?: string | undefined }) {
  const rows = await publishedPage(em, { lang: q.lang, tag: q.tag || null, limit: BLOG_PAGE_SIZE, offset: (q.page - 1) * BLOG_PAGE_SIZE });
  const tags = await publishedTags(em, q.lang);
  return {
    posts: rows.map(toSummary),
    page: q.page,
    pageSize: BLOG_PAGE_SIZE,
    total: rows.length ? Number(rows[0]!.total) : 0,
    tags,
  };
}

/** A published post by its slug (current or old) in one language, with its neighbours; null if none. */
export async function findPublished(em: EntityManager, slug: string, lang: Locale): Promise<BlogPost | null> {
  const row = await publishedPost(em, slug, lang);
  if (!row) return null;
  const around = await neighbours(em, lang, row.published_at, row.id);
  const ref = (dir: 'prev' | 'next') => {
    const n = around.find((x) => x.dir === dir);
    return n ? { slug: n.slug, title: n.title } : null;
  };
  return {
    ...toSummary(row),
    html: renderPostMarkdown(row.body),
    locales: row.locales,
    updatedAt: iso(row.updated_at),
    prev: ref('prev'),
    next: ref('next'),
  };
}

/** Every public post and its languages, for the sitemap. */
export async function sitemapPosts(em: EntityManager) {
  const rows = await sitemapRows(em);
  return rows.map((r) => ({ slug: r.slug, locales: r.locales, updated_at: new Date(iso(r.updated_at)) }));
}
