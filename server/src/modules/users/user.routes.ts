import Router from '@koa/router';
import { session } from '@tracker/shared/api/contract/session';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { toUserDto } from './user.mapper.ts';

export function userRoutes() {
  const router = new Router();
  route(router, session.me, (ctx) => {
    ctx.body = { user: toUserDto(requireUser(ctx)) };
  });
  return router;
}
