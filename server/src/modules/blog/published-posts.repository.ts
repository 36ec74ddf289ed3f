// What the public blog reads (published-posts.ts shapes it): published posts in one language, a
// post with its neighbours, the sitemap's list, and which post a slug names. Typed queries
// (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Locale } from '@tracker/shared/locales';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { IMAGE_COLUMNS } from './images.ts';

/** Public: published, and its publish time has come (scheduled posts appear by themselves). */
const VISIBLE = sql<boolean>`p.status = 'published' and p.published_at <= now()`;

/** Posts with their version in `lang`, author and cover image, as a list or a page shows them. */
function summaries(em: EntityManager, lang: Locale) {
  return kysely(em)
    .selectFrom('blog_posts as p')
    .innerJoin('blog_post_versions as v', (join) => join.onRef('v.post_id', '=', 'p.id').on('v.locale', '=', lang))
    .leftJoin('users as u', 'u.id', 'p.author_id')
    .leftJoin('blog_images as i', 'i.id', 'p.cover_image_id')
    .select([
      'p.id',
      'p.slug',
      'p.tags',
      'p.published_at',
      sql<string>`greatest(p.updated_at, v.updated_at)`.as('updated_at'),
      'v.title',
      'v.excerpt',
      sql<number>`coalesce(array_length(regexp_split_to_array(nullif(trim(v.body), ''), '\\s+'), 1), 0)`.as('words'),
      'u.id as author_id',
      'u.name as author_name',
      ...IMAGE_COLUMNS,
    ])
    .$narrowType<{ published_at: string }>()
    .where(VISIBLE);
}

/** A page of the published posts in `lang` (those tagged `tag`, when given), newest first, each with how many match in all. */
export function publishedPage(em: EntityManager, q: { lang: Locale; tag: string | null; limit: number; offset: number }) {
  return summaries(em, q.lang)
    .select(sql<string>`count(*) over ()`.as('total'))
    .$if(q.tag !== null, (qb) => qb.where((eb) => eb(eb.val(q.tag!), '=', eb.fn.any('p.tags'))))
    .orderBy('p.published_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
}

/** The tags of the published posts in `lang`, in order. */
export async function publishedTags(em: EntityManager, lang: Locale): Promise<string[]> {
  const rows = await kysely(em)
    .selectFrom('blog_posts as p')
    .innerJoin('blog_post_versions as v', (join) => join.onRef('v.post_id', '=', 'p.id').on('v.locale', '=', lang))
    .select(sql<string>`unnest(p.tags)`.as('tag'))
    .distinct()
    .where(VISIBLE)
    .orderBy('tag')
    .execute();
  return rows.map((r) => r.tag);
}

/** The published post in `lang` that `slug` names (now or before a rename), with its body and languages. */
export function publishedPost(em: EntityManager, slug: string, lang: Locale) {
  return summaries(em, lang)
    .select((eb) => [
      'v.body',
      // `array(select …)`: every row of the subquery, which the builder's function call cannot say.
      sql<Locale[]>`array(${eb.selectFrom('blog_post_versions').select('locale').whereRef('post_id', '=', 'p.id').orderBy('locale')})`.as('locales'),
    ])
    .where((eb) => eb.or([eb('p.slug', '=', slug), eb('p.id', '=', eb.selectFrom('blog_old_slugs').select('post_id').where('slug', '=', slug))]))
    .executeTakeFirst();
}

/** The published posts in `lang` just before and just after the one published at `at` with id `id`, in one statement. */
export function neighbours(em: EntityManager, lang: Locale, at: string, id: number) {
  const db = kysely(em);
  const next = (dir: 'prev' | 'next') =>
    db
      .selectFrom('blog_posts as p')
      .innerJoin('blog_post_versions as v', (join) => join.onRef('v.post_id', '=', 'p.id').on('v.locale', '=', lang))
      .select([sql.lit(dir).$castTo<'prev' | 'next'>().as('dir'), 'p.slug', 'v.title'])
      .where(VISIBLE)
      .where((eb) => eb(eb.refTuple('p.published_at', 'p.id'), dir === 'prev' ? '<' : '>', eb.tuple(at, id)))
      .orderBy('p.published_at', dir === 'prev' ? 'desc' : 'asc')
      .orderBy('p.id', dir === 'prev' ? 'desc' : 'asc')
      .limit(1);
  return db
    .selectFrom(next('prev').as('prev'))
    .selectAll()
    .unionAll(db.selectFrom(next('next').as('next')).selectAll())
    .execute();
}

/** Every public post with its languages and when it last changed in any, newest first. */
export function sitemapRows(em: EntityManager) {
  return kysely(em)
    .selectFrom('blog_posts as p')
    .innerJoin('blog_post_versions as v', 'v.post_id', 'p.id')
    .select([
      'p.slug',
      sql<Locale[]>`array_agg(v.locale order by v.locale)`.as('locales'),
      sql<string>`greatest(p.updated_at, max(v.updated_at))`.as('updated_at'),
    ])
    .where(VISIBLE)
    .groupBy('p.id')
    .orderBy('p.published_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

/** The current slug of the post that `slug` names, now or before a rename; null if none. */
export async function currentSlugOf(em: EntityManager, slug: string): Promise<string | null> {
  const db = kysely(em);
  const row = await db
    .selectFrom('blog_posts')
    .select('slug')
    .where('slug', '=', slug)
    .unionAll(db.selectFrom('blog_old_slugs as o').innerJoin('blog_posts as p', 'p.id', 'o.post_id').select('p.slug').where('o.slug', '=', slug))
    .limit(1)
    .executeTakeFirst();
  return row?.slug ?? null;
}
