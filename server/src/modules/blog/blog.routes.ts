import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { slugSchema } from '@tracker/shared/api/blog';
import { admin } from '@tracker/shared/api/contract/admin';
import { blog } from '@tracker/shared/api/contract/blog';
import { IMAGE_WIDTHS } from '@tracker/shared/blog-images';
import type { Context } from 'koa';
import { requireCapability } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { findPublished, listPublished } from './published-posts.ts';
import { createPost, deletePost, getAdminPost, listAdminPosts, updatePost, uploadImage } from './blog.service.ts';
import { checkDeclaredLength, emptyFile, readAll, type BlobStore } from '../../storage/index.ts';
import { BLOG_IMAGE_MAX_BYTES, imageFileKey } from './images.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

async function readBody(ctx: Context, limit: number): Promise<Buffer> {
  checkDeclaredLength(ctx.get('content-length'), limit);
  const body = await readAll(ctx.req, limit);
  if (body.length === 0) throw emptyFile();
  return body;
}

export function blogRoutes(deps: { em: () => EntityManager; storage: BlobStore }) {
  const router = new Router();
  const blogAdmin = (ctx: Context) => requireCapability(ctx, 'admin.blog');

  route(router, blog.posts, async (ctx, input) => {
    ctx.body = await listPublished(deps.em(), await input.query());
  });

  route(router, blog.post, async (ctx, input) => {
    const { lang } = await input.query();
    // A slug that no post can have (NUL, spaces, too long) is simply not found.
    const slug = slugSchema.safeParse(ctx.params.slug);
    const post = slug.success ? await findPublished(deps.em(), slug.data, lang) : null;
    if (!post) throw notFound('Post not found');
    ctx.body = { post };
  });

  route(router, blog.image, async (ctx) => {
    const match = /^(\d+)\.webp$/.exec(ctx.params.file!);
    if (!/^[a-f0-9]{32}$/.test(ctx.params.key!) || !match || !IMAGE_WIDTHS.includes(Number(match[1]))) throw notFound('Image not found');
    const file = await deps.storage.get(imageFileKey(ctx.params.key!, Number(match[1])));
    if (!file) throw notFound('Image not found');
    ctx.set('Cache-Control', IMMUTABLE);
    ctx.type = 'image/webp';
    ctx.length = file.size;
    ctx.body = file.body;
  });

  route(router, admin.uploadImage, async (ctx) => {
    const user = blogAdmin(ctx);
    const image = await uploadImage(deps.em(), deps.storage, await readBody(ctx, BLOG_IMAGE_MAX_BYTES), user.id);
    ctx.status = 201;
    ctx.body = { image };
  });

  route(router, admin.posts, async (ctx) => {
    blogAdmin(ctx);
    ctx.body = { posts: await listAdminPosts(deps.em()) };
  });

  route(router, admin.createPost, async (ctx, input) => {
    const user = blogAdmin(ctx);
    const id = await createPost(deps.em(), await input.body(), user.id);
    ctx.status = 201;
    ctx.body = { post: await getAdminPost(deps.em(), id) };
  });

  route(router, admin.post, async (ctx) => {
    blogAdmin(ctx);
    ctx.body = { post: await getAdminPost(deps.em(), parse(idSchema, ctx.params.id)) };
  });

  route(router, admin.updatePost, async (ctx, input) => {
    blogAdmin(ctx);
    const id = parse(idSchema, ctx.params.id);
    await updatePost(deps.em(), id, await input.body());
    ctx.body = { post: await getAdminPost(deps.em(), id) };
  });

  route(router, admin.deletePost, async (ctx) => {
    blogAdmin(ctx);
    await deletePost(deps.em(), parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
