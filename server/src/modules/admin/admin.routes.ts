import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hostSchema } from '@tracker/shared/api/admin';
import { idSchema } from '@tracker/shared/api/common';
import { admin } from '@tracker/shared/api/contract/admin';
import type { Context } from 'koa';
import { requireCapability } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { notFound } from '@tracker/shared/domain-errors';
import { parse } from '../../http/validate.ts';
import { iso } from '../../db/sql.ts';
import { addHost, listHosts, removeHost } from '../navigation/redirect-hosts.ts';
import { deleteRedirect, listRedirects, saveRedirect } from './redirects.service.ts';
import { adminStats } from './stats.ts';
import { searchUsers, updateUser } from './users.admin.ts';

/** The admin area's API: every route checks its capability first (403 for non-admins, 401 for visitors). */
export function adminRoutes(deps: { em: () => EntityManager; configuredHosts: () => readonly string[] }) {
  const router = new Router();
  const guard = (ctx: Context, cap: Parameters<typeof requireCapability>[1]) => requireCapability(ctx, cap);

  route(router, admin.stats, async (ctx) => {
    guard(ctx, 'admin.access');
    ctx.body = await adminStats(deps.em());
  });

  route(router, admin.users, async (ctx, input) => {
    guard(ctx, 'admin.users');
    const { q, page } = await input.query();
    ctx.body = await searchUsers(deps.em(), q, page);
  });

  route(router, admin.updateUser, async (ctx, input) => {
    const actor = guard(ctx, 'admin.users');
    const change = await input.body();
    ctx.body = { user: await updateUser(deps.em(), actor.id, parse(idSchema, ctx.params.id), change) };
  });

  route(router, admin.redirects, async (ctx) => {
    guard(ctx, 'admin.redirects');
    ctx.body = { redirects: await listRedirects(deps.em()) };
  });

  route(router, admin.createRedirect, async (ctx, input) => {
    guard(ctx, 'admin.redirects');
    const body = await input.body();
    ctx.status = 201;
    ctx.body = { redirect: await saveRedirect(deps.em(), null, body, deps.configuredHosts()) };
  });

  route(router, admin.updateRedirect, async (ctx, input) => {
    guard(ctx, 'admin.redirects');
    const id = parse(idSchema, ctx.params.id);
    ctx.body = { redirect: await saveRedirect(deps.em(), id, await input.body(), deps.configuredHosts()) };
  });

  route(router, admin.deleteRedirect, async (ctx) => {
    guard(ctx, 'admin.redirects');
    await deleteRedirect(deps.em(), parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  route(router, admin.hosts, async (ctx) => {
    guard(ctx, 'admin.redirects');
    const hosts = await listHosts(deps.em());
    ctx.body = { hosts: hosts.map((h) => ({ host: h.host, createdAt: iso(h.created_at) })), configured: [...deps.configuredHosts()] };
  });

  route(router, admin.addHost, async (ctx, input) => {
    guard(ctx, 'admin.redirects');
    const { host } = await input.body();
    await addHost(deps.em(), host);
    ctx.status = 201;
    ctx.body = { host };
  });

  route(router, admin.removeHost, async (ctx) => {
    guard(ctx, 'admin.redirects');
    if (!(await removeHost(deps.em(), parse(hostSchema, ctx.params.host)))) throw notFound('redirectHost');
    ctx.status = 204;
  });

  return router;
}
