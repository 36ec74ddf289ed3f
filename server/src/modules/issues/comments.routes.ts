import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { comments } from '@tracker/shared/api/contract/issues';
import { issueRefSchema } from '@tracker/shared/api/issues';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { addComment, deleteComment, editComment, listComments, loadComment } from './comment.service.ts';

export function commentRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  route(router, comments.list, async (ctx) => {
    const viewer = requireUser(ctx);
    ctx.body = { comments: await listComments(deps.em(), viewer, parse(issueRefSchema, ctx.params.ref)) };
  });

  route(router, comments.create, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const ref = parse(issueRefSchema, ctx.params.ref);
    const { body } = await input.body();
    const id = await addComment(deps.em(), viewer, ref, body);
    ctx.status = 201;
    ctx.body = { comment: await loadComment(deps.em(), id) };
  });

  route(router, comments.update, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const commentId = parse(idSchema, ctx.params.id);
    const { body } = await input.body();
    await editComment(deps.em(), viewer, commentId, body);
    ctx.body = { comment: await loadComment(deps.em(), commentId) };
  });

  route(router, comments.remove, async (ctx) => {
    const viewer = requireUser(ctx);
    await deleteComment(deps.em(), viewer, parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
