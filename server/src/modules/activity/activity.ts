import type { EntityManager } from '@mikro-orm/postgresql';
import { activitySchema, type Activity, type ActivityChange } from '@tracker/shared/api/issues';
import { iso, placeholders } from '../../db/sql.ts';

/** Where a row belongs and who made it, plus one member of the Activity union (shared/api/issues.ts). */
export type ActivityInput = {
  projectId: number | null;
  issueId?: number | null;
  streamId?: number | null;
  actorId: number | null;
} & ActivityChange;

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/** Writes activity rows in one insert (inside the caller's transaction). */
export async function recordActivities(em: EntityManager, rows: readonly ActivityInput[]): Promise<void> {
  if (!rows.length) return;
  const values = rows.map(() => `(${placeholders(6)}, ?::jsonb, ?::jsonb)`).join(', ');
  const params = rows.flatMap((r) => {
    const { field, oldValue, newValue } = r as { field?: string | null; oldValue?: unknown; newValue?: unknown };
    return [r.issueId ?? null, r.streamId ?? null, r.projectId, r.actorId, r.action, field ?? null, json(oldValue), json(newValue)];
  });
  await em.execute(`insert into activities (issue_id, stream_id, project_id, actor_id, action, field, old_value, new_value) values ${values}`, params);
}

interface ActivityRow {
  id: string | number;
  action: string;
  field: string | null;
  old_value: unknown;
  new_value: unknown;
  created_at: string;
  actor_id: number | null;
  actor_name: string | null;
  issue_id: number | null;
  issue_key: string | null;
  issue_title: string | null;
}

/** Activity rows matching `where` (on alias `a`), newest last unless `newestFirst`. */
export async function listActivity(em: EntityManager, where: string, params: unknown[], options: { limit: number; newestFirst: boolean }): Promise<Activity[]> {
  const rows = await em.execute<ActivityRow[]>(
    `select a.id, a.action, a.field, a.old_value, a.new_value, a.created_at, a.actor_id, u.name as actor_name,
            i.id as issue_id, p.key || '-' || i.number as issue_key, i.title as issue_title
       from activities a
       left join users u on u.id = a.actor_id
       left join issues i on i.id = a.issue_id
       left join projects p on p.id = i.project_id
      where ${where}
      order by a.id ${options.newestFirst ? 'desc' : 'asc'}
      limit ?`,
    [...params, options.limit],
  );
  // Each row is read into the union; one that fits no member (a shape this version never wrote) is
  // left out with a warning rather than failing the whole history.
  return rows.flatMap((r) => {
    const parsed = activitySchema.safeParse({
      id: Number(r.id),
      actor: r.actor_id != null ? { id: r.actor_id, name: r.actor_name ?? '' } : null,
      action: r.action,
      field: r.field,
      oldValue: r.old_value ?? null,
      newValue: r.new_value ?? null,
      createdAt: iso(r.created_at),
      issue: r.issue_id != null ? { id: r.issue_id, key: r.issue_key ?? '', title: r.issue_title ?? '' } : null,
    });
    if (parsed.success) return [parsed.data];
    process.emitWarning(`activity ${r.id} (${r.action} ${r.field ?? ''}) fits no Activity member: ${parsed.error.issues[0]?.message ?? ''}`);
    return [];
  });
}
