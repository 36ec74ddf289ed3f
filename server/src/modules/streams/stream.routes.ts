import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { streams } from '@tracker/shared/api/contract/streams';
import type { Context } from 'koa';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import type { Viewer } from '../projects/project-access.ts';
import { createStream, deleteStream, deleteUpdate, editUpdate, feedOf, postOf, postUpdate, streamOf, updateStream, listStreams } from './stream.service.ts';

const viewerOf = (ctx: Context): Viewer => {
  const user = requireUser(ctx);
  return { id: user.id, roles: user.roles ?? [] };
};

export function streamRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();
  const streamBody = async (viewer: Viewer, id: number) => ({ stream: await streamOf(deps.em(), viewer, id) });
  const updateBody = async (id: number) => ({ update: await postOf(deps.em(), id) });

  route(router, streams.list, async (ctx) => {
    ctx.body = { streams: await listStreams(deps.em(), viewerOf(ctx)) };
  });

  route(router, streams.create, async (ctx, input) => {
    const viewer = viewerOf(ctx);
    const id = await createStream(deps.em(), viewer, await input.body());
    ctx.status = 201;
    ctx.body = await streamBody(viewer, id);
  });

  route(router, streams.get, async (ctx) => {
    const viewer = viewerOf(ctx);
    ctx.body = await streamBody(viewer, parse(idSchema, ctx.params.id));
  });

  route(router, streams.update, async (ctx, input) => {
    const viewer = viewerOf(ctx);
    const id = parse(idSchema, ctx.params.id);
    await updateStream(deps.em(), viewer, id, await input.body());
    ctx.body = await streamBody(viewer, id);
  });

  route(router, streams.remove, async (ctx) => {
    const viewer = viewerOf(ctx);
    await deleteStream(deps.em(), viewer, parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  route(router, streams.feed, async (ctx, input) => {
    const viewer = viewerOf(ctx);
    const id = parse(idSchema, ctx.params.id);
    const { limit } = await input.query();
    ctx.body = { items: await feedOf(deps.em(), viewer, id, limit) };
  });

  route(router, streams.post, async (ctx, input) => {
    const viewer = viewerOf(ctx);
    const streamId = parse(idSchema, ctx.params.id);
    const updateId = await postUpdate(deps.em(), viewer, streamId, await input.body());
    ctx.status = 201;
    ctx.body = await updateBody(updateId);
  });

  route(router, streams.editPost, async (ctx, input) => {
    const viewer = viewerOf(ctx);
    const id = parse(idSchema, ctx.params.id);
    await editUpdate(deps.em(), viewer, id, await input.body());
    ctx.body = await updateBody(id);
  });

  route(router, streams.deletePost, async (ctx) => {
    const viewer = viewerOf(ctx);
    await deleteUpdate(deps.em(), viewer, parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
