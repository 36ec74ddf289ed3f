import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { attachments, issues } from '@tracker/shared/api/contract/issues';
import { issueRefSchema } from '@tracker/shared/api/issues';
import { ATTACHMENT_MAX_BYTES } from '@tracker/shared/limits';
import type { Context } from 'koa';
import { requireUser } from '../../http/access.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { requestLocale, translate } from '../mail/i18n.ts';
import { attachmentLinks } from './attachment-links.ts';
import { requireIssue } from '../issues/issue-access.ts';
import type { Attachment } from '../issues/issue.entity.ts';
import type { Viewer } from '../projects/project-access.ts';
import { fileKey, headerFileNameSchema, linkReader, mimeSchema, removeAttachment, storeAttachment, visibleAttachment } from './attachment.service.ts';
import { checkDeclaredLength, emptyFile, type BlobStore } from '../../storage/index.ts';
import { toAttachmentDto } from './attachment.mapper.ts';

// Served inline only when a browser cannot turn them into script in our origin.
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain']);

const linkError = (ctx: Context, status: 403 | 410, code: 'token_invalid' | 'token_expired') =>
  new HttpError(status, translate(requestLocale(ctx), `errors.codes.${code}`), code);

/**
 * Attachments: raw-body upload (`Content-Type` = the file's type, `X-File-Name` = its URL-encoded
 * name), size-limited while streaming; downloads only for those who may see the issue, by session
 * or by a short-lived signed link (`secret` is the server's session secret).
 */
export function attachmentRoutes(deps: { em: () => EntityManager; storage: BlobStore; secret: string }) {
  const router = new Router();
  const links = attachmentLinks(deps.secret);

  /** Who reads the file: the signed link's user when the address is signed, else the session's. */
  async function reader(ctx: Context, attachmentId: number): Promise<Viewer> {
    if (ctx.query.sig === undefined) return requireUser(ctx);
    const link = links.check(attachmentId, ctx.query);
    if (link.status === 'invalid') throw linkError(ctx, 403, 'token_invalid');
    if (link.status === 'expired') throw linkError(ctx, 410, 'token_expired');
    const user = await linkReader(deps.em(), link.userId);
    if (!user) throw linkError(ctx, 403, 'token_invalid');
    return user;
  }

  /** The attachment, if `viewer` may see its issue now; otherwise 404, as if it did not exist. */
  async function visible(viewer: Viewer, attachmentId: number): Promise<Attachment> {
    const attachment = await visibleAttachment(deps.em(), viewer, attachmentId);
    if (!attachment) throw notFound('Attachment not found');
    return attachment;
  }

  route(router, issues.addAttachment, async (ctx) => {
    const user = requireUser(ctx);
    const viewer = { id: user.id, roles: user.roles };
    const { issue } = await requireIssue(deps.em(), viewer, parse(issueRefSchema, ctx.params.ref), 'issue.edit');
    checkDeclaredLength(ctx.get('content-length'), ATTACHMENT_MAX_BYTES);
    const fileName = parse(headerFileNameSchema, ctx.get('x-file-name'));
    const mimeType = parse(mimeSchema, (ctx.get('content-type') || '').split(';')[0]!.trim().toLowerCase());
    const attachment = await storeAttachment(deps.em(), deps.storage, issue, user.id, { fileName, mimeType, body: ctx.req });
    if (!attachment) throw emptyFile();
    ctx.status = 201;
    ctx.body = { attachment: toAttachmentDto(attachment, { id: user.id, name: user.name }) };
  });

  route(router, attachments.link, async (ctx) => {
    const user = requireUser(ctx);
    const attachment = await visible({ id: user.id, roles: user.roles }, parse(idSchema, ctx.params.id));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = links.issue(attachment.id, user.id);
  });

  route(router, attachments.download, async (ctx) => {
    const id = parse(idSchema, ctx.params.id);
    const attachment = await visible(await reader(ctx, id), id);
    // A file never changes under its id, but who may read it does: the browser keeps a private copy
    // and asks every time (no-cache), so a user who lost access gets 404, never the cached file.
    ctx.status = 200;
    ctx.set({ 'Cache-Control': 'private, no-cache', ETag: `"${attachment.id}-${attachment.size}"` });
    ctx.lastModified = attachment.createdAt;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    const file = await deps.storage.get(fileKey(attachment.storageKey));
    if (!file) throw notFound('Attachment not found');
    const inline = INLINE_TYPES.has(attachment.mimeType);
    ctx.set({
      'Content-Type': inline ? attachment.mimeType : 'application/octet-stream',
      'Content-Length': String(attachment.size),
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(attachment.fileName)}`,
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    });
    // A signed address is its own credential (no cookie is involved): a Telegram client that
    // downloads it for the mini app may fetch it from its own origin.
    if (ctx.query.sig !== undefined) ctx.set('Access-Control-Allow-Origin', '*');
    ctx.body = file.body;
  });

  route(router, attachments.remove, async (ctx) => {
    const user = requireUser(ctx);
    const removed = await removeAttachment(deps.em(), deps.storage, { id: user.id, roles: user.roles }, parse(idSchema, ctx.params.id));
    if (!removed) throw notFound('Attachment not found');
    ctx.status = 204;
  });

  return router;
}
