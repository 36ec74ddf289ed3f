// What the blog's admin writes (posts, their language versions, their old slugs, uploaded images)
// and the admin's reads of them: typed queries (db/kysely.ts). The rules are blog.service.ts's; the
// public pages' reads are published-posts.repository.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { IMAGE_COLUMNS, type ImageRow, type ProcessedImage } from './images.ts';

/** A post's own columns, as the service writes them. */
export interface PostValues {
  slug: string;
  coverImageId: number | null;
  tags: string[];
  status: 'draft' | 'published';
  publishedAt: Date | null;
}

/** A language version of a post. */
export interface VersionValues {
  title: string;
  excerpt: string;
  body: string;
}

export interface AdminPostListRow {
  id: number;
  slug: string;
  status: 'draft' | 'published';
  published_at: string | null;
  updated_at: string;
  titles: Record<string, string> | null;
}

export type AdminPostDetailRow = ImageRow & {
  id: number;
  slug: string;
  tags: string[];
  status: 'draft' | 'published';
  published_at: string | null;
  created_at: string;
  updated_at: string;
  author_id: number | null;
  author_name: string | null;
  versions: Record<string, VersionValues> | null;
  old_slugs: string[];
};

const now = () => sql<string>`now()`;

const postColumns = (post: PostValues) => ({
  slug: post.slug,
  cover_image_id: post.coverImageId,
  tags: post.tags,
  status: post.status,
  published_at: post.publishedAt?.toISOString() ?? null,
});

/** Whether another post (not `exceptPostId`) has this slug, now or as one of its old slugs. */
export async function slugTaken(em: EntityManager, slug: string, exceptPostId: number): Promise<boolean> {
  const rows = await kysely(em)
    .selectFrom('blog_posts')
    .select((eb) => eb.lit(1).as('taken'))
    .where('slug', '=', slug)
    .where('id', '<>', exceptPostId)
    .unionAll((eb) => eb.selectFrom('blog_old_slugs').select((s) => s.lit(1).as('taken')).where('slug', '=', slug).where('post_id', '<>', exceptPostId))
    .execute();
  return rows.length > 0;
}

/** An uploaded image's row (its widths are in the file store already); its id. */
export async function insertImage(em: EntityManager, image: ProcessedImage, uploaderId: number): Promise<number> {
  const row = await kysely(em)
    .insertInto('blog_images')
    .values({ storage_key: image.key, width: image.width, height: image.height, widths: image.widths, placeholder: image.placeholder, uploader_id: uploaderId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether an uploaded image exists (a cover must name one). */
export async function imageExists(em: EntityManager, imageId: number): Promise<boolean> {
  const row = await kysely(em).selectFrom('blog_images').select((eb) => eb.lit(1).as('one')).where('id', '=', imageId).executeTakeFirst();
  return row !== undefined;
}

/** Writes a post's version in one language; its updated_at moves only when its text changed. */
export async function upsertPostVersion(em: EntityManager, postId: number, locale: string, version: VersionValues): Promise<void> {
  await kysely(em)
    .insertInto('blog_post_versions')
    .values({ post_id: postId, locale, title: version.title, excerpt: version.excerpt, body: version.body })
    .onConflict((oc) =>
      oc.columns(['post_id', 'locale']).doUpdateSet((eb) => ({
        title: eb.ref('excluded.title'),
        excerpt: eb.ref('excluded.excerpt'),
        body: eb.ref('excluded.body'),
        // A row comparison, which the builder has no form for.
        updated_at: sql<string>`case when (blog_post_versions.title, blog_post_versions.excerpt, blog_post_versions.body)
          is distinct from (excluded.title, excluded.excerpt, excluded.body) then now() else blog_post_versions.updated_at end`,
      })),
    )
    .execute();
}

/** Removes a post's version in one language. */
export async function deletePostVersion(em: EntityManager, postId: number, locale: string): Promise<void> {
  await kysely(em).deleteFrom('blog_post_versions').where('post_id', '=', postId).where('locale', '=', locale).execute();
}

/** A new post's row; its id. */
export async function insertPost(em: EntityManager, post: PostValues, authorId: number): Promise<number> {
  const row = await kysely(em)
    .insertInto('blog_posts')
    .values({ ...postColumns(post), author_id: authorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A post's current slug, its row locked until the transaction ends; null when there is no such post. */
export async function lockedPostSlug(em: EntityManager, id: number): Promise<string | null> {
  const row = await kysely(em).selectFrom('blog_posts').select('slug').where('id', '=', id).forUpdate().executeTakeFirst();
  return row?.slug ?? null;
}

/** Keeps an old slug pointing at the post (taking it over from another post that had it). */
export async function keepOldSlug(em: EntityManager, slug: string, postId: number): Promise<void> {
  await kysely(em)
    .insertInto('blog_old_slugs')
    .values({ slug, post_id: postId })
    .onConflict((oc) => oc.column('slug').doUpdateSet((eb) => ({ post_id: eb.ref('excluded.post_id') })))
    .execute();
}

/** Forgets an old slug (a post took it back as its own). */
export async function deleteOldSlug(em: EntityManager, slug: string): Promise<void> {
  await kysely(em).deleteFrom('blog_old_slugs').where('slug', '=', slug).execute();
}

/** A changed post's columns, all of them, and its updated_at. */
export async function updatePostRow(em: EntityManager, id: number, post: PostValues): Promise<void> {
  await kysely(em)
    .updateTable('blog_posts')
    .set({ ...postColumns(post), updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/** Deletes a post (its versions and old slugs go with it); whether there was one. */
export async function deletePostRow(em: EntityManager, id: number): Promise<boolean> {
  const rows = await kysely(em).deleteFrom('blog_posts').where('id', '=', id).returning('id').execute();
  return rows.length > 0;
}

/** Every post for the admin list, with its title in each language, last changed first. */
export function selectAdminPostList(em: EntityManager): Promise<AdminPostListRow[]> {
  return kysely(em)
    .selectFrom('blog_posts as p')
    .select((eb) => [
      'p.id',
      'p.slug',
      'p.status',
      'p.published_at',
      'p.updated_at',
      eb
        .selectFrom('blog_post_versions as v')
        .select((v) => v.fn<Record<string, string>>('jsonb_object_agg', ['v.locale', 'v.title']).as('titles'))
        .whereRef('v.post_id', '=', 'p.id')
        .as('titles'),
    ])
    .$narrowType<{ status: 'draft' | 'published' }>()
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

/** One post as the admin edits it: author, cover image, every language version and its old slugs. */
export async function selectAdminPost(em: EntityManager, id: number): Promise<AdminPostDetailRow | null> {
  const row = await kysely(em)
    .selectFrom('blog_posts as p')
    .leftJoin('users as u', 'u.id', 'p.author_id')
    .leftJoin('blog_images as i', 'i.id', 'p.cover_image_id')
    .select((eb) => [
      'p.id',
      'p.slug',
      'p.tags',
      'p.status',
      'p.published_at',
      'p.created_at',
      'p.updated_at',
      'u.id as author_id',
      'u.name as author_name',
      ...IMAGE_COLUMNS,
      eb
        .selectFrom('blog_post_versions as v')
        .select((v) =>
          v
            .fn<Record<string, VersionValues>>('jsonb_object_agg', [
              'v.locale',
              v.fn('jsonb_build_object', [sql.lit('title'), 'v.title', sql.lit('excerpt'), 'v.excerpt', sql.lit('body'), 'v.body']),
            ])
            .as('versions'),
        )
        .whereRef('v.post_id', '=', 'p.id')
        .as('versions'),
      // `array(select …)`: every row of the subquery, which the builder's function call cannot say.
      sql<string[]>`array(${eb.selectFrom('blog_old_slugs as o').select('o.slug').whereRef('o.post_id', '=', 'p.id').orderBy('o.slug')})`.as('old_slugs'),
    ])
    .$narrowType<{ status: 'draft' | 'published' }>()
    .where('p.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}
