import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { imports } from '@tracker/shared/api/contract/imports';
import { createImportFieldsSchema } from '@tracker/shared/api/imports';
import { IMPORT_MAX_BYTES } from '@tracker/shared/limits';
import type { Context } from 'koa';
import { requireUser } from '../../http/access.ts';
import { HttpError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { requestLocale, translate } from '../mail/i18n.ts';
import { requireProject } from '../projects/project-access.ts';
import { availableFormats } from './formats/index.ts';
import { importError } from './import-error.ts';
import { createImport, getImport, listImports } from './imports.service.ts';
import { readMultipart } from './multipart.ts';

const tooLarge = (ctx: Context) =>
  new HttpError(413, translate(requestLocale(ctx), 'errors.import.tooLarge', { max: IMPORT_MAX_BYTES / 1024 / 1024 }), 'payload_too_large', { reason: 'tooLarge' });

/** Imports (issue 17): upload (multipart `file`, `format`, `mapping?`, `dryRun?`), one import, a project's latest. */
export function importRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  route(router, imports.create, async (ctx) => {
    const user = requireUser(ctx);
    const viewer = { id: user.id, roles: user.roles };
    const projectId = parse(idSchema, ctx.params.id);
    // Refused before the body is read: who may not import learns nothing from uploading.
    await requireProject(deps.em(), viewer, projectId, 'project.import');
    if (Number(ctx.get('content-length') || 0) > IMPORT_MAX_BYTES + 1024 * 1024) throw tooLarge(ctx);
    if (!ctx.is('multipart/form-data')) throw new HttpError(415, translate(requestLocale(ctx), 'errors.import.noFile'), 'unsupported_media_type');
    const upload = await readMultipart(ctx.req, IMPORT_MAX_BYTES).catch(() => {
      throw new HttpError(400, translate(requestLocale(ctx), 'errors.import.noFile'), 'validation');
    });
    if (upload.tooLarge) throw tooLarge(ctx);
    const fields = parse(createImportFieldsSchema, upload.fields);
    if (!upload.file) throw importError('noFile');
    const created = await createImport(deps.em(), viewer, projectId, {
      ...fields,
      fileName: upload.file.name.slice(0, 255),
      bytes: upload.file.bytes,
      locale: requestLocale(ctx, user.locale),
    });
    ctx.status = 202;
    ctx.body = { import: created };
  });

  route(router, imports.list, async (ctx) => {
    const user = requireUser(ctx);
    const imports = await listImports(deps.em(), { id: user.id, roles: user.roles }, parse(idSchema, ctx.params.id));
    ctx.body = { imports, formats: availableFormats() };
  });

  route(router, imports.get, async (ctx) => {
    const user = requireUser(ctx);
    ctx.body = { import: await getImport(deps.em(), { id: user.id, roles: user.roles }, parse(idSchema, ctx.params.id)) };
  });

  return router;
}
