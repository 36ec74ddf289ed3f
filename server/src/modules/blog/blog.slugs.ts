import type { EntityManager } from '@mikro-orm/postgresql';

/** The current slug of the post that `slug` names, now or before a rename; null if none. */
export async function currentSlugFor(em: EntityManager, slug: string): Promise<string | null> {
  const [row] = await em.execute<{ slug: string }[]>(
    `select slug from blog_posts where slug = ?
     union all
     select p.slug from blog_old_slugs o join blog_posts p on p.id = o.post_id where o.slug = ?
     limit 1`,
    [slug, slug],
  );
  return row?.slug ?? null;
}
