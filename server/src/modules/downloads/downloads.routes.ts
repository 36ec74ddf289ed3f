// `POST /api/downloads/link` and the reader the file routes ask who is downloading: a signed link's
// user when the address is signed (issue 25: Telegram's own downloader sends no session), else the
// session's (or a token's) user, as before.
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { downloads } from '@tracker/shared/api/contract/downloads';
import type { Context } from 'koa';
import { requireUser } from '../../http/access.ts';
import { HttpError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { requestLocale, translate } from '../mail/i18n.ts';
import type { User } from '../users/user.entity.ts';
import type { DownloadLinks } from './download-links.ts';
import { heldBrowserFile, holdBrowserFile, linkReader } from './downloads.service.ts';

const linkError = (ctx: Context, status: 403 | 410, code: 'token_invalid' | 'token_expired') =>
  new HttpError(status, translate(requestLocale(ctx), `errors.codes.${code}`), code);

/** Who reads a file answer: the signed link's user (not blocked) when the address is signed, else the caller. */
export async function downloadReader(ctx: Context, em: EntityManager, links: DownloadLinks): Promise<User> {
  const link = links.check(ctx.path, ctx.querystring);
  if (link.status === 'unsigned') return requireUser(ctx);
  if (link.status === 'invalid') throw linkError(ctx, 403, 'token_invalid');
  if (link.status === 'expired') throw linkError(ctx, 410, 'token_expired');
  const user = await linkReader(em, link.userId);
  if (!user) throw linkError(ctx, 403, 'token_invalid');
  // A signed address is its own credential (no cookie is involved): Telegram's downloader may fetch it from its own origin.
  ctx.set('Access-Control-Allow-Origin', '*');
  return user;
}

export function downloadRoutes(deps: { em: () => EntityManager; links: DownloadLinks }) {
  const router = new Router();

  route(router, downloads.link, async (ctx, input) => {
    const user = requireUser(ctx);
    const { path } = await input.body();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = deps.links.issue(path, user.id);
  });

  route(router, downloads.file, async (ctx, input) => {
    const user = requireUser(ctx);
    const body = await input.body();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await holdBrowserFile(deps.em(), deps.links, user.id, body);
    ctx.status = 201;
  });

  route(router, downloads.getFile, async (ctx) => {
    const em = deps.em();
    const reader = await downloadReader(ctx, em, deps.links);
    const file = await heldBrowserFile(em, reader.id, ctx.params.id ?? '');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
    ctx.type = file.contentType;
    ctx.body = file.body;
  });

  return router;
}
