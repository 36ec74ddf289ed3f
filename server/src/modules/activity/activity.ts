import type { EntityManager } from '@mikro-orm/postgresql';
import { activitySchema, type Activity, type ActivityChange } from '@tracker/shared/api/issues';
import { iso } from '../../db/sql.ts';
import { activityRows, insertActivities, type ActivityScope } from './activity.repository.ts';

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
  await insertActivities(
    em,
    rows.map((r) => {
      const { field, oldValue, newValue } = r as { field?: string | null; oldValue?: unknown; newValue?: unknown };
      return {
        issue_id: r.issueId ?? null,
        stream_id: r.streamId ?? null,
        project_id: r.projectId,
        actor_id: r.actorId,
        action: r.action,
        field: field ?? null,
        old_value: json(oldValue),
        new_value: json(newValue),
      };
    }),
  );
}

/** A feed's activity (activity.repository.ts's ActivityScope), newest last unless `newestFirst`. */
export async function listActivity(em: EntityManager, scope: ActivityScope, options: { limit: number; newestFirst: boolean }): Promise<Activity[]> {
  const rows = await activityRows(em, scope, options);
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
