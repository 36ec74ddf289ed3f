// Admin writes of blog posts and their images. Every write of a post is one transaction: a failure
// leaves the post as it was.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminPost, AdminPostRow, BlogImage, PostInput } from '@tracker/shared/api/blog';
import type { postInputSchema } from '@tracker/shared/api/blog';
import { LOCALES } from '@tracker/shared/locales';
import type { z } from 'zod';
import { fieldError, notFound } from '@tracker/shared/domain-errors';
import { iso } from '../../db/sql.ts';
import type { BlobStore } from '../../storage/index.ts';
import {
  deleteOldSlug,
  deletePostRow,
  deletePostVersion,
  imageExists,
  insertImage,
  insertPost,
  keepOldSlug,
  lockedPostSlug,
  selectAdminPost,
  selectAdminPostList,
  slugTaken,
  updatePostRow,
  upsertPostVersion,
  type PostValues,
} from './blog.repository.ts';
import { processImage, toImageDto } from './images.ts';

type Input = z.output<typeof postInputSchema>;
export type { PostInput };

async function checkRefs(em: EntityManager, input: Input, postId: number | null) {
  if (await slugTaken(em, input.slug, postId ?? 0)) throw fieldError('slug', 'admin.validation.slugTaken');
  if (input.coverImageId != null) {
    if (!(await imageExists(em, input.coverImageId))) throw fieldError('coverImageId', 'admin.validation.noImage');
  }
}

/** Publishing without a date publishes now; a draft keeps whatever date it was given. */
const publishAt = (input: Input) => (input.publishedAt ? new Date(input.publishedAt) : input.status === 'published' ? new Date() : null);

const postValues = (input: Input): PostValues => ({
  slug: input.slug,
  coverImageId: input.coverImageId,
  tags: input.tags,
  status: input.status,
  publishedAt: publishAt(input),
});

async function writeVersions(tx: EntityManager, postId: number, input: Input) {
  for (const locale of LOCALES) {
    const v = input.versions[locale];
    if (!v) {
      await deletePostVersion(tx, postId, locale);
      continue;
    }
    await upsertPostVersion(tx, postId, locale, { title: v.title, excerpt: v.excerpt, body: v.body });
  }
}

export async function createPost(em: EntityManager, input: Input, authorId: number): Promise<number> {
  return em.transactional(async (tx) => {
    await checkRefs(tx, input, null);
    const id = await insertPost(tx, postValues(input), authorId);
    await writeVersions(tx, id, input);
    return id;
  });
}

export async function updatePost(em: EntityManager, id: number, input: Input): Promise<void> {
  await em.transactional(async (tx) => {
    const currentSlug = await lockedPostSlug(tx, id);
    if (currentSlug === null) throw notFound('post');
    await checkRefs(tx, input, id);
    if (currentSlug !== input.slug) {
      // The old address keeps working (redirects to the new one); a slug taken back stops being "old".
      await keepOldSlug(tx, currentSlug, id);
      await deleteOldSlug(tx, input.slug);
    }
    await updatePostRow(tx, id, postValues(input));
    await writeVersions(tx, id, input);
  });
}

export async function deletePost(em: EntityManager, id: number): Promise<void> {
  if (!(await deletePostRow(em, id))) throw notFound('post');
}

export async function listAdminPosts(em: EntityManager): Promise<AdminPostRow[]> {
  const rows = await selectAdminPostList(em);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    status: r.status,
    publishedAt: iso(r.published_at),
    titles: r.titles ?? {},
    updatedAt: iso(r.updated_at),
  }));
}

export async function getAdminPost(em: EntityManager, id: number): Promise<AdminPost> {
  const row = await selectAdminPost(em, id);
  if (!row) throw notFound('post');
  return {
    id: row.id,
    slug: row.slug,
    tags: row.tags,
    status: row.status,
    publishedAt: iso(row.published_at),
    cover: toImageDto(row),
    author: row.author_id != null ? { id: row.author_id, name: row.author_name ?? '' } : null,
    versions: row.versions ?? {},
    oldSlugs: row.old_slugs,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** An uploaded image: its sizes go to the store (images.ts), its row names them and its uploader. */
export async function uploadImage(em: EntityManager, storage: BlobStore, body: Buffer, uploaderId: number): Promise<BlogImage | null> {
  const processed = await processImage(storage, body);
  const id = await insertImage(em, processed, uploaderId);
  return toImageDto({
    img_id: id,
    img_key: processed.key,
    img_width: processed.width,
    img_height: processed.height,
    img_widths: processed.widths,
    img_placeholder: processed.placeholder,
  });
}
