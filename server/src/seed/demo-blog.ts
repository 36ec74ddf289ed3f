import type { EntityManager } from '@mikro-orm/postgresql';
import { postInputSchema } from '@tracker/shared/api/blog';
import { createPost } from '../modules/blog/blog.service.ts';
import { DEMO_POSTS } from './demo-blog-data.ts';

/** The demo blog, through the admin's own write path so the posts pass the same checks as hand-written ones. */
export async function seedBlog(tx: EntityManager, userIds: readonly number[]): Promise<void> {
  for (const post of DEMO_POSTS) {
    const publishedAt = new Date(Date.now() - post.daysAgo * 86_400_000).toISOString();
    const input = postInputSchema.parse({ slug: post.slug, tags: post.tags, status: 'published', publishedAt, versions: post.versions });
    await createPost(tx, input, userIds[post.author]!);
  }
}
