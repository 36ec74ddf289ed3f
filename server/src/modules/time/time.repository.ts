// Time entries in PostgreSQL: every statement of the time aggregate, with bound values only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TimeEntry, TimesheetResponse } from '@tracker/shared/api/time';
import { iso } from '../../db/sql.ts';

interface EntryRow {
  id: number;
  issue_id: number;
  issue_key: string;
  issue_title: string;
  user_id: number;
  user_name: string;
  minutes: number;
  date: string;
  note: string;
  created_at: string;
  updated_at: string;
}

const ENTRY_SELECT = `
  select te.id, te.issue_id, p.key || '-' || i.number as issue_key, i.title as issue_title, te.user_id, u.name as user_name,
         te.minutes, te.date::text as date, te.note, te.created_at, te.updated_at
    from time_entries te
    join issues i on i.id = te.issue_id
    join projects p on p.id = i.project_id
    join users u on u.id = te.user_id`;

export const toTimeEntry = (r: EntryRow, canEdit: (userId: number) => boolean): TimeEntry => ({
  id: r.id,
  issue: { id: r.issue_id, key: r.issue_key, title: r.issue_title },
  user: { id: r.user_id, name: r.user_name },
  minutes: r.minutes,
  date: r.date,
  note: r.note,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  canEdit: canEdit(r.user_id),
});

export async function issueEntries(em: EntityManager, issueId: number): Promise<EntryRow[]> {
  return em.execute<EntryRow[]>(`${ENTRY_SELECT} where te.issue_id = ? order by te.date desc, te.id desc`, [issueId]);
}

export async function entryById(em: EntityManager, id: number): Promise<EntryRow | null> {
  const [row] = await em.execute<EntryRow[]>(`${ENTRY_SELECT} where te.id = ?`, [id]);
  return row ?? null;
}

/** An entry's author and project, locked for the change that follows; null when it does not exist. */
export async function lockEntryRef(em: EntityManager, id: number): Promise<{ issueId: number; projectId: number; userId: number } | null> {
  const [row] = await em.execute<{ issue_id: number; user_id: number; project_id: number }[]>(
    'select te.issue_id, te.user_id, i.project_id from time_entries te join issues i on i.id = te.issue_id where te.id = ? for update of te',
    [id],
  );
  return row ? { issueId: row.issue_id, projectId: row.project_id, userId: row.user_id } : null;
}

export async function insertEntry(em: EntityManager, e: { issueId: number; userId: number; minutes: number; date: string; note: string }): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>('insert into time_entries (issue_id, user_id, minutes, date, note) values (?, ?, ?, ?::date, ?) returning id', [
    e.issueId,
    e.userId,
    e.minutes,
    e.date,
    e.note,
  ]);
  return row!.id;
}

export async function updateEntry(em: EntityManager, id: number, e: { minutes?: number; date?: string; note?: string }): Promise<void> {
  await em.execute(
    'update time_entries set minutes = coalesce(?::int, minutes), date = coalesce(?::date, date), note = coalesce(?::text, note), updated_at = now() where id = ?',
    [e.minutes ?? null, e.date ?? null, e.note ?? null, id],
  );
}

export async function deleteEntry(em: EntityManager, id: number): Promise<void> {
  await em.execute('delete from time_entries where id = ?', [id]);
}

export async function issueSpent(em: EntityManager, issueId: number): Promise<number> {
  const [row] = await em.execute<{ total: number }[]>('select coalesce(sum(minutes), 0)::int as total from time_entries where issue_id = ?', [issueId]);
  return row?.total ?? 0;
}

export interface SheetFilter {
  from: string;
  to: string;
  userId?: number;
  projectId?: number;
  /** SQL condition on projects alias `p` limiting to what the caller sees, and its params. */
  visible: { sql: string; params: unknown[] };
}

function sheetWhere(f: SheetFilter): { sql: string; params: unknown[] } {
  const where = ['te.date between ?::date and ?::date', f.visible.sql];
  const params: unknown[] = [f.from, f.to, ...f.visible.params];
  if (f.userId !== undefined) {
    where.push('te.user_id = ?');
    params.push(f.userId);
  }
  if (f.projectId !== undefined) {
    where.push('i.project_id = ?');
    params.push(f.projectId);
  }
  return { sql: where.join(' and '), params };
}

/** The grid: minutes per issue, person and day, with the issues and people it names. */
export async function timesheet(em: EntityManager, f: SheetFilter): Promise<Omit<TimesheetResponse, 'from' | 'to'>> {
  const w = sheetWhere(f);
  const rows = await em.execute<{ issue_id: number; issue_key: string; issue_title: string; project_id: number; user_id: number; user_name: string; date: string; minutes: number }[]>(
    `select te.issue_id, p.key || '-' || i.number as issue_key, i.title as issue_title, i.project_id, te.user_id, u.name as user_name,
            te.date::text as date, sum(te.minutes)::int as minutes
       from time_entries te
       join issues i on i.id = te.issue_id
       join projects p on p.id = i.project_id
       join users u on u.id = te.user_id
      where ${w.sql}
      group by te.issue_id, p.key, i.number, i.title, i.project_id, te.user_id, u.name, te.date
      order by p.key, i.number, te.date`,
    w.params,
  );
  const issues = new Map<number, TimesheetResponse['issues'][number]>();
  const users = new Map<number, { id: number; name: string }>();
  for (const r of rows) {
    issues.set(r.issue_id, { id: r.issue_id, key: r.issue_key, title: r.issue_title, projectId: r.project_id });
    users.set(r.user_id, { id: r.user_id, name: r.user_name });
  }
  return {
    issues: [...issues.values()],
    users: [...users.values()].sort((a, b) => a.name.localeCompare(b.name)),
    cells: rows.map((r) => ({ issueId: r.issue_id, userId: r.user_id, date: r.date, minutes: r.minutes })),
    totalMinutes: rows.reduce((sum, r) => sum + r.minutes, 0),
  };
}

export interface SheetEntryRow {
  date: string;
  user_name: string;
  project_key: string;
  issue_key: string;
  issue_title: string;
  minutes: number;
  note: string;
}

/** Every entry of the timesheet, one per CSV line, by day then issue. */
export async function timesheetEntries(em: EntityManager, f: SheetFilter): Promise<SheetEntryRow[]> {
  const w = sheetWhere(f);
  return em.execute<SheetEntryRow[]>(
    `select te.date::text as date, u.name as user_name, p.key as project_key, p.key || '-' || i.number as issue_key, i.title as issue_title, te.minutes, te.note
       from time_entries te
       join issues i on i.id = te.issue_id
       join projects p on p.id = i.project_id
       join users u on u.id = te.user_id
      where ${w.sql}
      order by te.date, p.key, i.number, te.id`,
    w.params,
  );
}
