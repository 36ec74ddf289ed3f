// Writes a planned import in ONE transaction (issue 17: nothing is half-imported): statuses and
// labels first, then issues in file order (created, or updated by their external id), their
// comments (new ones only), then parents in a second pass, then the import's own row. Progress is
// reported out of band, on another connection, so a page polling it sees it move while the
// transaction is open. The transaction sets `tracker.history = 'on'`, so the activity rows it writes
// queue no notification jobs (migration quiet_history): an import tells nobody, in the inbox or in
// Telegram, and makes no one a watcher.
import type { EntityManager } from '@mikro-orm/postgresql';
import { PRIORITY_VALUE } from '@tracker/shared/api/issues';
import type { ImportFormat } from '@tracker/shared/api/import-record';
import type { ImportReport, ImportSkip } from '@tracker/shared/api/imports';
import { recordActivities, type ActivityInput } from '../activity/activity.ts';
import { publishEvent } from '../events/publish.ts';
import { defaultStatus } from '../issues/issue-validate.ts';
import { customValuesOf } from './import-fields.ts';
import { personKey, type ImportPlan, type PlannedRecord } from './import-plan.ts';
import { addComments, columnEnds, createLabels, createStatuses, dateOrNull, insertIssues, linkParents, updateIssue, type NewIssue, type Values } from './import-rows.ts';
import { insertIssueLabels, insertIssueRefs, quietHistory } from './import-rows.repository.ts';
import { markImportSucceeded } from './import-run.repository.ts';
import { syncIssueClocks } from '../sla-clock/clock.ts';

/** Records written between two progress reports. */
export const IMPORT_BATCH = 200;

export interface WriteContext {
  importId: number;
  projectId: number;
  actorId: number | null;
  format: ImportFormat;
  /** Reports `done` records out of band (not in the import's transaction). */
  progress: (done: number) => Promise<void>;
  /**
   * Takes `count` issue numbers from the project's counter out of band and returns the first. Inside
   * the transaction the counter's row lock would be held for the whole import, and every issue
   * created by hand in the project would wait for it; a failed import leaves a gap in the numbers.
   */
  reserveNumbers: (count: number) => Promise<number>;
}


export async function writeImport(em: EntityManager, plan: ImportPlan, ctx: WriteContext): Promise<ImportReport> {
  // SLA clocks of imported issues start now, whatever the file says of their creation (docs/sla.md).
  const importedAt = new Date();
  return em.transactional(async (tem) => {
    await quietHistory(tem);
    const createdStatuses = await createStatuses(tem, plan, ctx.projectId);
    const createdLabels = await createLabels(tem, plan, ctx.projectId);
    const fallback = plan.records.some((r) => !r.status) ? await defaultStatus(tem, ctx.projectId) : null;
    const user = (p: { email?: string; name?: string } | undefined) => plan.users.get(personKey(p) ?? '') ?? null;
    const userByName = (name: string) => plan.users.get(name.trim().toLowerCase()) ?? plan.users.get(name.trim()) ?? null;
    const notes: ImportSkip[] = [];
    const issueOf = new Map(plan.existing);
    let created = 0;
    let updated = 0;

    const sortOrders = await columnEnds(tem, ctx.projectId);
    const valuesOf = (r: PlannedRecord): Values & { labelIds: number[] } => {
      const status = r.status ? plan.statuses.get(r.status.name.trim().toLowerCase())! : null;
      const v = {
        title: r.title.trim(),
        description: r.description ?? '',
        statusId: status?.id ?? null,
        category: status?.category ?? null,
        priority: r.priority ? PRIORITY_VALUE[r.priority] : null,
        assigneeId: user(r.assignee),
        startDate: dateOrNull(r.startDate),
        dueDate: dateOrNull(r.dueDate),
        estimate: r.estimate ?? null,
        customValues: customValuesOf(plan.fields, r.fields, r.row, notes, userByName),
        labelIds: [...new Set(r.labels.map((l) => plan.labels.get(l.name.trim().toLowerCase())?.id).filter((id): id is number => !!id))],
      };
      if (v.startDate && v.dueDate && v.startDate > v.dueDate) v.startDate = null;
      return v;
    };
    for (let start = 0; start < plan.records.length; start += IMPORT_BATCH) {
      const fresh: NewIssue[] = [];
      const done: { r: PlannedRecord; issueId: number; labelIds: number[]; fresh: boolean }[] = [];
      for (const r of plan.records.slice(start, start + IMPORT_BATCH)) {
        const v = valuesOf(r);
        const existingId = issueOf.get(r.externalId);
        if (existingId) {
          await updateIssue(tem, existingId, r, v);
          done.push({ r, issueId: existingId, labelIds: v.labelIds, fresh: false });
          updated += 1;
        } else fresh.push({ r, v, reporterId: user(r.reporter) ?? (r.reporter ? ctx.actorId : null) });
      }
      if (fresh.length) {
        const ids = await insertIssues(tem, ctx.projectId, fresh, fallback, sortOrders, ctx.reserveNumbers);
        fresh.forEach(({ r, v }, i) => {
          issueOf.set(r.externalId, ids[i]!);
          done.push({ r, issueId: ids[i]!, labelIds: v.labelIds, fresh: true });
        });
        created += fresh.length;
        await insertIssueRefs(tem, ctx.projectId, ctx.format, fresh.map(({ r }, i) => ({ external_id: r.externalId, issue_id: ids[i]! })));
      }
      const links = done.flatMap((d) => d.labelIds.map((labelId) => ({ issue_id: d.issueId, label_id: labelId })));
      if (links.length) await insertIssueLabels(tem, links);
      for (const d of done) await addComments(tem, ctx.format, d.issueId, d.r, user, d.fresh);
      await syncIssueClocks(tem, done.map((d) => d.issueId), { startAt: importedAt });
      await recordActivities(
        tem,
        done.map((d): ActivityInput => ({ projectId: ctx.projectId, issueId: d.issueId, actorId: ctx.actorId, action: 'imported', newValue: { format: ctx.format, importId: ctx.importId, updated: !d.fresh } })),
      );
      await ctx.progress(Math.min(start + IMPORT_BATCH, plan.records.length));
    }
    await linkParents(tem, plan, issueOf, notes);

    const report: ImportReport = { created, updated, skipped: plan.skipped, unmatchedUsers: plan.unmatched, notes, createdStatuses, createdLabels };
    await markImportSucceeded(tem, ctx.importId, report);
    await publishEvent(tem, { type: 'project.updated', issueId: null, projectId: ctx.projectId, streamIds: [], actorId: ctx.actorId ?? 0 });
    return report;
  });
}

