import type { EntityManager } from '@mikro-orm/postgresql';
import { BLOG_PAGE_SIZE, type BlogPost, type PostSummary } from '@tracker/shared/api/blog';
import { readingMinutes } from '@tracker/shared/blog-images';
import { renderPostMarkdown } from '@tracker/shared/blog-images';
import type { Locale } from '@tracker/shared/locales';
import { iso } from '../../db/sql.ts';
import { IMAGE_COLUMNS, toImageDto, type ImageRow } from './images.ts';

/** Public: published, and its publish time has come (scheduled posts appear by themselves). */
const VISIBLE = `p.status = 'published' and p.published_at <= now()`;

interface SummaryRow extends ImageRow {
  id: number;
  slug: string;
  tags: string[];
  published_at: string | Date;
  updated_at: string | Date;
  title: string;
  excerpt: string;
  words: number;
  author_id: number | null;
  author_name: string | null;
}

const SUMMARY_COLUMNS = `p.id, p.slug, p.tags, p.published_at, greatest(p.updated_at, v.updated_at) as updated_at, v.title, v.excerpt,
  coalesce(array_length(regexp_split_to_array(nullif(trim(v.body), ''), '\\s+'), 1), 0) as words,
  u.id as author_id, u.name as author_name, ${IMAGE_COLUMNS}`;
const SUMMARY_FROM = `blog_posts p
  join blog_post_versions v on v.post_id = p.id and v.locale = ?
  left join users u on u.id = p.author_id
  left join blog_images i on i.id = p.cover_image_id`;

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
  const tag = q.tag || null;
  const rows = await em.execute<(SummaryRow & { total: string })[]>(
    `select ${SUMMARY_COLUMNS}, count(*) over () as total from ${SUMMARY_FROM}
      where ${VISIBLE} and (?::text is null or ?::text = any(p.tags))
      order by p.published_at desc, p.id desc limit ? offset ?`,
    [q.lang, tag, tag, BLOG_PAGE_SIZE, (q.page - 1) * BLOG_PAGE_SIZE],
  );
  const tags = await em.execute<{ tag: string }[]>(
    `select distinct unnest(p.tags) as tag from blog_posts p join blog_post_versions v on v.post_id = p.id and v.locale = ?
      where ${VISIBLE} order by tag`,
    [q.lang],
  );
  return {
    posts: rows.map(toSummary),
    page: q.page,
    pageSize: BLOG_PAGE_SIZE,
    total: rows.length ? Number(rows[0]!.total) : 0,
    tags: tags.map((t) => t.tag),
  };
}

/** A published post by its slug (current or old) in one language, with its neighbours; null if none. */
export async function findPublished(em: EntityManager, slug: string, lang: Locale): Promise<BlogPost | null> {
  const [row] = await em.execute<(SummaryRow & { body: string; locales: Locale[] })[]>(
    `select ${SUMMARY_COLUMNS}, v.body,
       array(select locale from blog_post_versions where post_id = p.id order by locale) as locales
      from ${SUMMARY_FROM}
      where ${VISIBLE} and (p.slug = ? or p.id = (select post_id from blog_old_slugs where slug = ?))`,
    [lang, slug, slug],
  );
  if (!row) return null;
  const neighbours = await em.execute<{ dir: 'prev' | 'next'; slug: string; title: string }[]>(
    `(select 'prev' as dir, p.slug, v.title from blog_posts p join blog_post_versions v on v.post_id = p.id and v.locale = ?
       where ${VISIBLE} and (p.published_at, p.id) < (?::timestamptz, ?::int) order by p.published_at desc, p.id desc limit 1)
     union all
     (select 'next' as dir, p.slug, v.title from blog_posts p join blog_post_versions v on v.post_id = p.id and v.locale = ?
       where ${VISIBLE} and (p.published_at, p.id) > (?::timestamptz, ?::int) order by p.published_at asc, p.id asc limit 1)`,
    [lang, row.published_at, row.id, lang, row.published_at, row.id],
  );
  const ref = (dir: 'prev' | 'next') => {
    const n = neighbours.find((x) => x.dir === dir);
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
  const rows = await em.execute<{ slug: string; locales: Locale[]; updated_at: string | Date }[]>(
    `select p.slug, array_agg(v.locale order by v.locale) as locales, greatest(p.updated_at, max(v.updated_at)) as updated_at
       from blog_posts p join blog_post_versions v on v.post_id = p.id
      where ${VISIBLE} group by p.id order by p.published_at desc, p.id desc`,
  );
  return rows.map((r) => ({ slug: r.slug, locales: r.locales, updated_at: new Date(iso(r.updated_at)) }));
}
