import Router from '@koa/router';
import { requireUser } from '../../http/access.ts';
import { toUserDto } from './user.mapper.ts';

export function userRoutes() {
  const router = new Router({ prefix: '/api/user' });
  router.get('/me', (ctx) => {
    ctx.body = { user: toUserDto(requireUser(ctx)) };
  });
  return router;
}
