// Admin writes of blog posts. Every write is one transaction: a failure leaves the post as it was.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminPost, AdminPostRow, PostInput } from '@tracker/shared/api/blog';
import type { postInputSchema } from '@tracker/shared/api/blog';
import { LOCALES } from '@tracker/shared/locales';
import type { z } from 'zod';
import { fieldError, notFound } from '@tracker/shared/domain-errors';
import { iso } from '../../db/sql.ts';
import { IMAGE_COLUMNS, toImageDto, type ImageRow } from './images.ts';

type Input = z.output<typeof postInputSchema>;
export type { PostInput };

async function checkRefs(em: EntityManager, input: Input, postId: number | null) {
  const taken = await em.execute(
    `select 1 from blog_posts where slug = ? and id <> ?
     union all select 1 from blog_old_slugs where slug = ? and post_id <> ?`,
    [input.slug, postId ?? 0, input.slug, postId ?? 0],
  );
  if (taken.length) throw fieldError('slug', 'admin.validation.slugTaken');
  if (input.coverImageId != null) {
    const found = await em.execute('select 1 from blog_images where id = ?', [input.coverImageId]);
    if (!found.length) throw fieldError('coverImageId', 'admin.validation.noImage');
  }
}

/** Publishing without a date publishes now; a draft keeps whatever date it was given. */
const publishAt = (input: Input) => (input.publishedAt ? new Date(input.publishedAt) : input.status === 'published' ? new Date() : null);

async function writeVersions(tx: EntityManager, postId: number, input: Input) {
  for (const locale of LOCALES) {
    const v = input.versions[locale];
    if (!v) {
      await tx.execute('delete from blog_post_versions where post_id = ? and locale = ?', [postId, locale]);
      continue;
    }
    await tx.execute(
      `insert into blog_post_versions (post_id, locale, title, excerpt, body) values (?, ?, ?, ?, ?)
       on conflict (post_id, locale) do update set title = excluded.title, excerpt = excluded.excerpt, body = excluded.body,
         updated_at = case when (blog_post_versions.title, blog_post_versions.excerpt, blog_post_versions.body)
           is distinct from (excluded.title, excluded.excerpt, excluded.body) then now() else blog_post_versions.updated_at end`,
      [postId, locale, v.title, v.excerpt, v.body],
    );
  }
}

export async function createPost(em: EntityManager, input: Input, authorId: number): Promise<number> {
  return em.transactional(async (tx) => {
    await checkRefs(tx, input, null);
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into blog_posts (slug, author_id, cover_image_id, tags, status, published_at)
       values (?, ?, ?, array(select jsonb_array_elements_text(?::jsonb)), ?, ?) returning id`,
      [input.slug, authorId, input.coverImageId, JSON.stringify(input.tags), input.status, publishAt(input)],
    );
    await writeVersions(tx, row!.id, input);
    return row!.id;
  });
}

export async function updatePost(em: EntityManager, id: number, input: Input): Promise<void> {
  await em.transactional(async (tx) => {
    const [current] = await tx.execute<{ slug: string }[]>('select slug from blog_posts where id = ? for update', [id]);
    if (!current) throw notFound('post');
    await checkRefs(tx, input, id);
    if (current.slug !== input.slug) {
      // The old address keeps working (redirects to the new one); a slug taken back stops being "old".
      await tx.execute('insert into blog_old_slugs (slug, post_id) values (?, ?) on conflict (slug) do update set post_id = excluded.post_id', [current.slug, id]);
      await tx.execute('delete from blog_old_slugs where slug = ?', [input.slug]);
    }
    await tx.execute(
      `update blog_posts set slug = ?, cover_image_id = ?, tags = array(select jsonb_array_elements_text(?::jsonb)), status = ?,
         published_at = ?, updated_at = now() where id = ?`,
      [input.slug, input.coverImageId, JSON.stringify(input.tags), input.status, publishAt(input), id],
    );
    await writeVersions(tx, id, input);
  });
}

export async function deletePost(em: EntityManager, id: number): Promise<void> {
  const rows = await em.execute('delete from blog_posts where id = ? returning id', [id]);
  if (!rows.length) throw notFound('post');
}

export async function listAdminPosts(em: EntityManager): Promise<AdminPostRow[]> {
  const rows = await em.execute<{ id: number; slug: string; status: 'draft' | 'published'; published_at: string | Date | null; updated_at: string | Date; titles: Record<string, string> | null }[]>(
    `select p.id, p.slug, p.status, p.published_at, p.updated_at,
       (select jsonb_object_agg(v.locale, v.title) from blog_post_versions v where v.post_id = p.id) as titles
       from blog_posts p order by p.updated_at desc, p.id desc`,
  );
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
  const [row] = await em.execute<
    (ImageRow & {
      id: number;
      slug: string;
      tags: string[];
      status: 'draft' | 'published';
      published_at: string | Date | null;
      created_at: string | Date;
      updated_at: string | Date;
      author_id: number | null;
      author_name: string | null;
      versions: Record<string, { title: string; excerpt: string; body: string }> | null;
      old_slugs: string[];
    })[]
  >(
    `select p.id, p.slug, p.tags, p.status, p.published_at, p.created_at, p.updated_at, u.id as author_id, u.name as author_name, ${IMAGE_COLUMNS},
       (select jsonb_object_agg(v.locale, jsonb_build_object('title', v.title, 'excerpt', v.excerpt, 'body', v.body)) from blog_post_versions v where v.post_id = p.id) as versions,
       array(select slug from blog_old_slugs where post_id = p.id order by slug) as old_slugs
       from blog_posts p left join users u on u.id = p.author_id left join blog_images i on i.id = p.cover_image_id
      where p.id = ?`,
    [id],
  );
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
