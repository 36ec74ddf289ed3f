// Export routes (issue 17): a project's export.csv and export.json for anyone who can see it (an
// invisible project is a 404), and the admins' workspace backup. Every answer is streamed; nothing
// here reads a cookie, so bearer tokens and signed links work the same way.
import { Readable } from 'node:stream';
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { projectRefSchema } from '@tracker/shared/api/projects';
import { dataExport } from '@tracker/shared/api/contract/exports';
import type { Context } from 'koa';
import { can, canInProject } from '@tracker/shared/permissions';
import { backupFileName, exportFileName } from '@tracker/shared/api/downloads';
import { forbidden } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import type { Logger } from '../../logger.ts';
import type { BlobStore } from '../../storage/index.ts';
import { requestLocale } from '../mail/i18n.ts';
import { requireProject, type ProjectAccess, type Viewer } from '../projects/project-access.ts';
import { People, type EmailsShown } from './export-content.ts';
import { backupZip } from './backup.ts';
import { downloadReader } from '../downloads/downloads.routes.ts';
import type { DownloadLinks } from '../downloads/download-links.ts';
import { projectCsv, projectJson } from './project-export.ts';

// The body streams after the request's handler has returned, outside its RequestContext: the
// streams read through a fork of their own.
function download(ctx: Context, type: string, fileName: string, body: Readable) {
  ctx.set({
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  ctx.body = body;
}

/** Everyone's e-mails for those who manage the project's members (owners, admins); else the caller's own. */
const emailsFor = (viewer: Viewer, access: ProjectAccess): EmailsShown =>
  canInProject(access.role, viewer.roles, 'project.members') ? { all: true } : { all: false, selfId: viewer.id };

/** Read by a session, a token, or a signed link (`downloadReader`: Telegram's own downloader sends neither). */
export function exportRoutes(deps: { em: () => EntityManager; storage: BlobStore; links: DownloadLinks; logger?: Logger }) {
  const router = new Router();

  route(router, dataExport.projectCsv, async (ctx) => {
    const em = deps.em();
    const user = await downloadReader(ctx, em, deps.links);
    const access = await requireProject(em, user, parse(projectRefSchema, ctx.params.ref), 'project.view');
    const { project } = access;
    download(ctx, 'text/csv; charset=utf-8', exportFileName(project.key, 'csv'), Readable.from(projectCsv(em.fork(), project, requestLocale(ctx, user.locale), emailsFor(user, access))));
  });

  route(router, dataExport.projectJson, async (ctx) => {
    const em = deps.em();
    const user = await downloadReader(ctx, em, deps.links);
    const access = await requireProject(em, user, parse(projectRefSchema, ctx.params.ref), 'project.view');
    const { project } = access;
    const fork = em.fork();
    download(ctx, 'application/json; charset=utf-8', exportFileName(project.key, 'json'), Readable.from(projectJson(fork, project, { people: new People(fork, emailsFor(user, access)) })));
  });

  route(router, dataExport.backup, async (ctx) => {
    const user = await downloadReader(ctx, deps.em(), deps.links);
    if (!can(user.roles, 'admin.access')) throw forbidden();
    download(ctx, 'application/zip', backupFileName(), backupZip(deps.em().fork(), deps.storage, deps.logger));
  });

  return router;
}
