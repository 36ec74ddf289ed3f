// Export routes (issue 17): a project's export.csv and export.json for anyone who can see it (an
// invisible project is a 404), and the admins' workspace backup. Every answer is streamed; nothing
// here reads a cookie, so bearer tokens work the same way.
import { Readable } from 'node:stream';
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { projectRefSchema } from '@tracker/shared/api/projects';
import { dataExport } from '@tracker/shared/api/contract/exports';
import type { Context } from 'koa';
import { requireCapability, requireUser } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import type { Logger } from '../../logger.ts';
import type { BlobStore } from '../../storage/index.ts';
import { requestLocale } from '../mail/i18n.ts';
import { canInProject } from '@tracker/shared/permissions';
import { requireProject, type ProjectAccess, type Viewer } from '../projects/project-access.ts';
import { People, type EmailsShown } from './export.queries.ts';
import { backupZip } from './backup.ts';
import { exportFileName, projectCsv, projectJson } from './project-export.ts';

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

export function exportRoutes(deps: { em: () => EntityManager; storage: BlobStore; logger?: Logger }) {
  const router = new Router();

  router.get(dataExport.projectCsv.path, async (ctx) => {
    const user = requireUser(ctx);
    const em = deps.em();
    const access = await requireProject(em, user, parse(projectRefSchema, ctx.params.ref), 'project.view');
    const { project } = access;
    download(ctx, 'text/csv; charset=utf-8', exportFileName(project.key, 'csv'), Readable.from(projectCsv(em.fork(), project, requestLocale(ctx, user.locale), emailsFor(user, access))));
  });

  router.get(dataExport.projectJson.path, async (ctx) => {
    const user = requireUser(ctx);
    const em = deps.em();
    const access = await requireProject(em, user, parse(projectRefSchema, ctx.params.ref), 'project.view');
    const { project } = access;
    const fork = em.fork();
    download(ctx, 'application/json; charset=utf-8', exportFileName(project.key, 'json'), Readable.from(projectJson(fork, project, { people: new People(fork, emailsFor(user, access)) })));
  });

  router.get(dataExport.backup.path, async (ctx) => {
    requireCapability(ctx, 'admin.access');
    const name = `tracker-backup-${new Date().toISOString().slice(0, 10)}.zip`;
    download(ctx, 'application/zip', name, backupZip(deps.em().fork(), deps.storage, deps.logger));
  });

  return router;
}
