import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { streams } from '@tracker/shared/api/contract/streams';
import type { Context } from 'koa';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { notFound } from '@tracker/shared/domain-errors';
import { parse } from '../../http/validate.ts';
import type { Viewer } from '../projects/project-access.ts';
import { streamFeed, toUpdateItem } from './stream-feed.ts';
import { toStreamDto } from './stream.mapper.ts';
import { selectStream, selectStreams } from './stream-reads.repository.ts';
import { createStream, deleteStream, deleteUpdate, editUpdate, postUpdate, requireStream, selectUpdate, updateStream } from './stream.service.ts';

const viewerOf = (ctx: Context): Viewer => {
  const user = requireUser(ctx);
  return { id: user.id, roles: user.roles ?? [] };
};

export function streamRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();
  const streamBody = async (viewer: Viewer, id: number) => {
    const row = await selectStream(deps.em(), viewer, id);
    if (!row) throw notFound('stream');
    return { stream: toStreamDto(row, viewer) };
  };
  const updateBody = async (id: number) => {
    const row = await selectUpdate(deps.em(), id);
    if (!row) throw notFound('streamUpdate');
    return { update: toUpdateItem(row) };
  };

  route(router, streams.list, async (ctx) => {
    const viewer = viewerOf(ctx);
    const rows = await selectStreams(deps.em(), viewer);
    ctx.body = { streams: rows.map((r) => toStreamDto(r, viewer)) };
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
    await requireStream(deps.em(), viewer, id);
    ctx.body = { items: await streamFeed(deps.em(), viewer, id, limit) };
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
