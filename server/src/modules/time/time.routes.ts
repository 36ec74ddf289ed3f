import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { time } from '@tracker/shared/api/contract/time';
import { issueRefSchema } from '@tracker/shared/api/issues';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { downloadReader } from '../downloads/downloads.routes.ts';
import type { DownloadLinks } from '../downloads/download-links.ts';
import { parse } from '../../http/validate.ts';
import { editTime, getTimesheet, getTimesheetEntries, listTime, loadEntry, logTime, removeTime } from './time.service.ts';
import { timesheetCsv } from './timesheet-csv.ts';

export function timeRoutes(deps: { em: () => EntityManager; links: DownloadLinks }) {
  const router = new Router();

  route(router, time.list, async (ctx) => {
    const viewer = requireUser(ctx);
    ctx.body = await listTime(deps.em(), viewer, parse(issueRefSchema, ctx.params.ref));
  });

  route(router, time.log, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const ref = parse(issueRefSchema, ctx.params.ref);
    const body = await input.body();
    const id = await logTime(deps.em(), viewer, ref, { minutes: body.spent, date: body.date, note: body.note });
    ctx.status = 201;
    ctx.body = { entry: await loadEntry(deps.em(), viewer, id) };
  });

  route(router, time.update, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const id = parse(idSchema, ctx.params.id);
    const body = await input.body();
    await editTime(deps.em(), viewer, id, { minutes: body.spent, date: body.date, note: body.note });
    ctx.body = { entry: await loadEntry(deps.em(), viewer, id) };
  });

  route(router, time.remove, async (ctx) => {
    await removeTime(deps.em(), requireUser(ctx), parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  route(router, time.timesheet, async (ctx, input) => {
    const viewer = requireUser(ctx);
    ctx.body = await getTimesheet(deps.em(), viewer, await input.query());
  });

  route(router, time.timesheetCsv, async (ctx, input) => {
    // A signed link's user inside Telegram (its downloader sends no session), else the caller.
    const viewer = await downloadReader(ctx, deps.em(), deps.links);
    const sheet = await getTimesheetEntries(deps.em(), viewer, await input.query());
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`timesheet-${sheet.from}-${sheet.to}.csv`);
    ctx.body = timesheetCsv(sheet.rows);
  });

  return router;
}
