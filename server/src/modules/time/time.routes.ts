import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { time } from '@tracker/shared/api/contract/time';
import { issueRefSchema } from '@tracker/shared/api/issues';
import { requireUser } from '../../http/access.ts';
import { downloadReader } from '../downloads/downloads.routes.ts';
import type { DownloadLinks } from '../downloads/download-links.ts';
import { parse } from '../../http/validate.ts';
import { editTime, getTimesheet, getTimesheetEntries, listTime, loadEntry, logTime, removeTime } from './time.service.ts';
import { timesheetCsv } from './timesheet-csv.ts';

export function timeRoutes(deps: { em: () => EntityManager; links: DownloadLinks }) {
  // Paths and bodies from the shared declarations (contract/time.ts).
  const router = new Router();

  router.get(time.list.path, async (ctx) => {
    const viewer = requireUser(ctx);
    ctx.body = await listTime(deps.em(), viewer, parse(issueRefSchema, ctx.params.ref));
  });

  router.post(time.log.path, async (ctx) => {
    const viewer = requireUser(ctx);
    const ref = parse(issueRefSchema, ctx.params.ref);
    const body = parse(time.log.body, ctx.request.body);
    const id = await logTime(deps.em(), viewer, ref, { minutes: body.spent, date: body.date, note: body.note });
    ctx.status = 201;
    ctx.body = { entry: await loadEntry(deps.em(), viewer, id) };
  });

  router.patch(time.update.path, async (ctx) => {
    const viewer = requireUser(ctx);
    const id = parse(idSchema, ctx.params.id);
    const body = parse(time.update.body, ctx.request.body);
    await editTime(deps.em(), viewer, id, { minutes: body.spent, date: body.date, note: body.note });
    ctx.body = { entry: await loadEntry(deps.em(), viewer, id) };
  });

  router.delete(time.remove.path, async (ctx) => {
    await removeTime(deps.em(), requireUser(ctx), parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  router.get(time.timesheet.path, async (ctx) => {
    const viewer = requireUser(ctx);
    ctx.body = await getTimesheet(deps.em(), viewer, parse(time.timesheet.query, ctx.query));
  });

  router.get(time.timesheetCsv.path, async (ctx) => {
    // A signed link's user inside Telegram (its downloader sends no session), else the caller.
    const viewer = await downloadReader(ctx, deps.em(), deps.links);
    const sheet = await getTimesheetEntries(deps.em(), viewer, parse(time.timesheetCsv.query, ctx.query));
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`timesheet-${sheet.from}-${sheet.to}.csv`);
    ctx.body = timesheetCsv(sheet.rows);
  });

  return router;
}
