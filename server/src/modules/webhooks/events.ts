// What a batch of activity rows means to webhooks (docs/webhooks.md, "Events"): the rows one statement
// wrote for one issue become `issue.created`, `issue.updated` (all its field changes together, plus
// `issue.status_changed` when the status is among them), `issue.deleted` or `comment.created`.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookEvent } from '@tracker/shared/api/webhooks';
import { iso } from '../../db/sql.ts';
import { commentById } from '../issues/comment.repository.ts';
import { toIssueListItem } from '../issues/issue.mapper.ts';
import { activitiesForEvents, issueRowWithDescription, statusesByIds, type EventActivityRow } from './event.repository.ts';

/** One event as the webhooks of a project receive it, without the delivery's own `id`. */
export interface WebhookEventBody {
  event: WebhookEvent;
  createdAt: string;
  project: { id: number; key: string; name: string };
  actor: { id: number; name: string } | null;
  data: Record<string, unknown>;
}

/** The issue in the API's list shape with its description, as it is now; null once it is gone. */
async function issueNow(em: EntityManager, issueId: number): Promise<Record<string, unknown> | null> {
  const row = await issueRowWithDescription(em, issueId);
  return row ? { ...toIssueListItem(row), description: row.description } : null;
}

type StatusRef = { id: number; name: string; category: string } | null;

/** The statuses a change went from and to, by name (null for one deleted since). */
async function statusChange(em: EntityManager, change: { from: unknown; to: unknown }): Promise<{ from: StatusRef; to: StatusRef }> {
  const ids = [Number(change.from), Number(change.to)].filter((n) => Number.isInteger(n) && n > 0);
  const rows = await statusesByIds(em, ids);
  const find = (v: unknown): StatusRef => rows.find((r) => r.id === Number(v)) ?? null;
  return { from: find(change.from), to: find(change.to) };
}

export async function eventsOf(em: EntityManager, activityIds: number[]): Promise<WebhookEventBody[]> {
  const rows = await activitiesForEvents(em, activityIds);
  const first = rows[0];
  if (!first) return [];
  const base = (r: EventActivityRow) => ({
    createdAt: iso(r.created_at),
    project: { id: r.project_id, key: r.project_key, name: r.project_name },
    actor: r.actor_id != null ? { id: r.actor_id, name: r.actor_name ?? '' } : null,
  });
  const out: WebhookEventBody[] = [];
  const updates = rows.filter((r) => r.action === 'updated' && r.field);
  for (const r of rows) {
    if (r.action === 'created' && r.issue_id != null) {
      const issue = await issueNow(em, r.issue_id);
      if (issue) out.push({ event: 'issue.created', ...base(r), data: { issue } });
    } else if (r.action === 'issue.deleted') {
      out.push({ event: 'issue.deleted', ...base(r), data: { issue: r.old_value } });
    } else if (r.action === 'commented' && r.issue_id != null) {
      const commentId = Number((r.new_value as { commentId?: number } | null)?.commentId);
      const [comment, issue] = [await commentById(em, commentId), await issueNow(em, r.issue_id)];
      if (comment && issue) out.push({ event: 'comment.created', ...base(r), data: { comment, issue } });
    }
  }
  const updated = updates[0];
  if (updated?.issue_id != null) {
    const issue = await issueNow(em, updated.issue_id);
    if (issue) {
      const changes = Object.fromEntries(updates.map((r) => [r.field!, { from: r.old_value ?? null, to: r.new_value ?? null }]));
      out.push({ event: 'issue.updated', ...base(updated), data: { issue, changes } });
      if (changes.statusId) {
        const status = await statusChange(em, changes.statusId as { from: unknown; to: unknown });
        out.push({ event: 'issue.status_changed', ...base(updated), data: { issue, changes: { statusId: changes.statusId }, status } });
      }
    }
  }
  return out;
}
