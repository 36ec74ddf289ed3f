import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { adminUsersQuerySchema, adminUserUpdateSchema, hostSchema, redirectHostInputSchema, redirectInputSchema } from '@tracker/shared/api/admin';
import { idSchema } from '@tracker/shared/api/common';
import type { Context } from 'koa';
import { requireCapability } from '../../http/access.ts';
import { notFound } from '@tracker/shared/domain-errors';
import { parse } from '../../http/validate.ts';
import { iso } from '../../db/sql.ts';
import { addHost, listHosts, removeHost } from '../navigation/redirect-hosts.ts';
import { deleteRedirect, listRedirects, saveRedirect } from './redirects.service.ts';
import { adminStats } from './stats.ts';
import { searchUsers, updateUser } from './users.admin.ts';

/** The admin area's API: every route checks its capability first (403 for non-admins, 401 for visitors). */
export function adminRoutes(deps: { em: () => EntityManager; configuredHosts: () => readonly string[] }) {
  const router = new Router({ prefix: '/api/admin' });
  const guard = (ctx: Context, cap: Parameters<typeof requireCapability>[1]) => requireCapability(ctx, cap);

  router.get('/stats', async (ctx) => {
    guard(ctx, 'admin.access');
    ctx.body = await adminStats(deps.em());
  });

  router.get('/users', async (ctx) => {
    guard(ctx, 'admin.users');
    const { q, page } = parse(adminUsersQuerySchema, ctx.query);
    ctx.body = await searchUsers(deps.em(), q, page);
  });

  router.patch('/users/:id', async (ctx) => {
    const actor = guard(ctx, 'admin.users');
    const change = parse(adminUserUpdateSchema, ctx.request.body);
    ctx.body = { user: await updateUser(deps.em(), actor.id, parse(idSchema, ctx.params.id), change) };
  });

  router.get('/redirects', async (ctx) => {
    guard(ctx, 'admin.redirects');
    ctx.body = { redirects: await listRedirects(deps.em()) };
  });

  router.post('/redirects', async (ctx) => {
    guard(ctx, 'admin.redirects');
    const input = parse(redirectInputSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = { redirect: await saveRedirect(deps.em(), null, input, deps.configuredHosts()) };
  });

  router.put('/redirects/:id', async (ctx) => {
    guard(ctx, 'admin.redirects');
    const id = parse(idSchema, ctx.params.id);
    ctx.body = { redirect: await saveRedirect(deps.em(), id, parse(redirectInputSchema, ctx.request.body), deps.configuredHosts()) };
  });

  router.delete('/redirects/:id', async (ctx) => {
    guard(ctx, 'admin.redirects');
    await deleteRedirect(deps.em(), parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  router.get('/redirect-hosts', async (ctx) => {
    guard(ctx, 'admin.redirects');
    const hosts = await listHosts(deps.em());
    ctx.body = { hosts: hosts.map((h) => ({ host: h.host, createdAt: iso(h.created_at) })), configured: [...deps.configuredHosts()] };
  });

  router.post('/redirect-hosts', async (ctx) => {
    guard(ctx, 'admin.redirects');
    const { host } = parse(redirectHostInputSchema, ctx.request.body);
    await addHost(deps.em(), host);
    ctx.status = 201;
    ctx.body = { host };
  });

  router.delete('/redirect-hosts/:host', async (ctx) => {
    guard(ctx, 'admin.redirects');
    if (!(await removeHost(deps.em(), parse(hostSchema, ctx.params.host)))) throw notFound('redirectHost');
    ctx.status = 204;
  });

  return router;
}
