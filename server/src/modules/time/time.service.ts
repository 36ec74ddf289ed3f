// The rules of time tracking: who may log, change and see time, and what logging sets off
// (activity, the issue's place in lists). SQL is in time.repository.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TimeEntry, TimesheetResponse } from '@tracker/shared/api/time';
import { fieldError, forbidden, notFound } from '@tracker/shared/domain-errors';
import { addDays, endOfWeek, startOfWeek, todayIn, weekStart } from '@tracker/shared/dates';
import { recordActivities } from '../activity/activity.ts';
import { touchIssue } from '../issues/comment.repository.ts';
import { requireIssue } from '../issues/issue-access.ts';
import { isAdmin, requireProject, visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';
import { assertWritable } from '../projects/project-guards.ts';
import { userDay, viewerDay } from '../users/user-day.repository.ts';
import { deleteEntry, entryById, insertEntry, issueEntries, issueSpent, lockEntryRef, timesheet, timesheetEntries, toTimeEntry, updateEntry, type SheetFilter } from './time.repository.ts';

/**
 * Time is logged for work done: a day after today in UTC at most. A bound, not the user's today: a
 * client may count days in another zone than the profile's (the browser's), and no zone is more
 * than a day ahead of UTC.
 */
function checkDate(date: string): void {
  if (date > addDays(todayIn('UTC'), 1)) throw fieldError('date', 'validation.futureDate');
}

/** The author, or an admin, changes an entry. */
const editableBy = (viewer: Viewer) => (userId: number) => userId === viewer.id || isAdmin(viewer);

export async function listTime(em: EntityManager, viewer: Viewer, ref: number | string): Promise<{ entries: TimeEntry[]; totalMinutes: number }> {
  const { issue } = await requireIssue(em, viewer, ref, 'project.view');
  const rows = await issueEntries(em, issue.id);
  return { entries: rows.map((r) => toTimeEntry(r, editableBy(viewer))), totalMinutes: await issueSpent(em, issue.id) };
}

export async function loadEntry(em: EntityManager, viewer: Viewer, id: number): Promise<TimeEntry> {
  const row = await entryById(em, id);
  if (!row) throw notFound('timeEntry');
  return toTimeEntry(row, editableBy(viewer));
}

/** Whoever may edit the issue logs time on it, for themselves. Returns the new entry's id. */
export async function logTime(em: EntityManager, viewer: Viewer, ref: number | string, input: { minutes: number; date?: string; note: string }): Promise<number> {
  const date = input.date ?? todayIn((await viewerDay(em, viewer)).timeZone);
  checkDate(date);
  return em.transactional(async (tem) => {
    const { issue, project } = await requireIssue(tem, viewer, ref, 'issue.edit');
    assertWritable(project);
    const id = await insertEntry(tem, { issueId: issue.id, userId: viewer.id, minutes: input.minutes, date, note: input.note });
    await recordActivities(tem, [{ projectId: project.id, issueId: issue.id, actorId: viewer.id, action: 'time.logged', newValue: { entryId: id, minutes: input.minutes, date } }]);
    await touchIssue(tem, issue.id);
    return id;
  });
}

/** An entry, checked: not found when its issue is invisible; its author or an admin only. */
async function entryAccess(em: EntityManager, viewer: Viewer, id: number) {
  const ref = await lockEntryRef(em, id);
  if (!ref) throw notFound('timeEntry');
  const access = await requireProject(em, viewer, ref.projectId, 'project.view').catch(() => {
    throw notFound('timeEntry');
  });
  assertWritable(access.project);
  if (!editableBy(viewer)(ref.userId)) throw forbidden();
  return ref;
}

export async function editTime(em: EntityManager, viewer: Viewer, id: number, input: { minutes?: number; date?: string; note?: string }): Promise<void> {
  if (input.date) checkDate(input.date);
  await em.transactional(async (tem) => {
    const ref = await entryAccess(tem, viewer, id);
    await updateEntry(tem, id, input);
    await touchIssue(tem, ref.issueId);
  });
}

export async function removeTime(em: EntityManager, viewer: Viewer, id: number): Promise<void> {
  await em.transactional(async (tem) => {
    const ref = await entryAccess(tem, viewer, id);
    await deleteEntry(tem, id);
    await touchIssue(tem, ref.issueId);
  });
}

/** The user's current week (their zone's today, their language's week start): the timesheet's range when none is asked for. */
export async function currentWeek(em: EntityManager, userId: number): Promise<{ from: string; to: string }> {
  const { timeZone, locale } = await userDay(em, userId);
  const today = todayIn(timeZone);
  return { from: startOfWeek(today, weekStart(locale)), to: endOfWeek(today, weekStart(locale)) };
}

/**
 * The timesheet's filter. A time entry is seen by whoever sees its issue (the project rule): one's
 * own everywhere one still has access, others' in the projects one shares with them or that are
 * open to all. Without a user or a project it is the caller's own.
 */
async function sheetFilter(em: EntityManager, viewer: Viewer, q: { userId?: number; projectId?: number; from?: string; to?: string }): Promise<SheetFilter> {
  const range = q.from && q.to ? { from: q.from, to: q.to } : await currentWeek(em, viewer.id);
  if (q.projectId !== undefined) await requireProject(em, viewer, q.projectId, 'project.view');
  const userId = q.userId ?? (q.projectId === undefined ? viewer.id : undefined);
  return { ...range, userId, projectId: q.projectId, visible: visibleProjectsCondition(viewer, 'p') };
}

export async function getTimesheet(em: EntityManager, viewer: Viewer, q: { userId?: number; projectId?: number; from?: string; to?: string }): Promise<TimesheetResponse> {
  const filter = await sheetFilter(em, viewer, q);
  return { from: filter.from, to: filter.to, ...(await timesheet(em, filter)) };
}

export async function getTimesheetEntries(em: EntityManager, viewer: Viewer, q: { userId?: number; projectId?: number; from?: string; to?: string }) {
  const filter = await sheetFilter(em, viewer, q);
  return { from: filter.from, to: filter.to, rows: await timesheetEntries(em, filter) };
}
