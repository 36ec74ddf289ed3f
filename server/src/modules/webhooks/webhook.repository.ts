// SQL of webhooks and their deliveries, and their mapping to the shared DTOs; and the reads the
// webhook events (events.ts) and the switched-off notice (disabled-notice.ts) need.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Delivery, Webhook, WebhookEvent } from '@tracker/shared/api/webhooks';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { intArray, iso } from '../../db/sql.ts';
import { ISSUE_ROW_COLUMNS, type IssueRow } from '../issues/issue.mapper.ts';

export interface WebhookRow {
  id: number;
  project_id: number;
  url: string;
  events: string[];
  secret: string;
  enabled: boolean;
  consecutive_failures: number;
  disabled_at: string | Date | null;
  disabled_reason: string | null;
  created_by: number | null;
  creator_name: string | null;
  created_at: string | Date;
}

export interface DeliveryRow {
  id: string | number;
  webhook_id: number;
  event: string;
  delivery_uuid: string;
  payload: Record<string, unknown>;
  attempts: number;
  status: Delivery['status'];
  response_status: number | null;
  duration_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  next_retry_at: string | Date | null;
  redelivery_of: string | number | null;
  created_at: string | Date;
  finished_at: string | Date | null;
}

const WEBHOOK_SELECT = `select w.*, u.name as creator_name from webhooks w left join users u on u.id = w.created_by`;

export const toWebhook = (r: WebhookRow): Webhook => ({
  id: r.id,
  projectId: r.project_id,
  url: r.url,
  events: r.events as WebhookEvent[],
  secret: r.secret,
  enabled: r.enabled,
  consecutiveFailures: r.consecutive_failures,
  disabledAt: iso(r.disabled_at),
  disabledReason: r.disabled_reason,
  createdBy: r.created_by != null ? { id: r.created_by, name: r.creator_name ?? '' } : null,
  createdAt: iso(r.created_at),
});

export const toDelivery = (r: DeliveryRow): Delivery => ({
  id: Number(r.id),
  webhookId: r.webhook_id,
  event: r.event as WebhookEvent,
  deliveryId: r.delivery_uuid,
  status: r.status,
  attempts: r.attempts,
  responseStatus: r.response_status,
  durationMs: r.duration_ms,
  responseExcerpt: r.response_excerpt,
  error: r.error,
  nextRetryAt: iso(r.next_retry_at),
  redeliveryOf: r.redelivery_of == null ? null : Number(r.redelivery_of),
  createdAt: iso(r.created_at),
  finishedAt: iso(r.finished_at),
  payload: r.payload,
});

export async function webhookById(em: EntityManager, id: number): Promise<WebhookRow | null> {
  const [row] = await em.execute<WebhookRow[]>(`${WEBHOOK_SELECT} where w.id = ?`, [id]);
  return row ?? null;
}

export const projectWebhooks = (em: EntityManager, projectId: number) => em.execute<WebhookRow[]>(`${WEBHOOK_SELECT} where w.project_id = ? order by w.id`, [projectId]);

export async function insertWebhook(em: EntityManager, w: { projectId: number; url: string; events: string[]; secret: string; enabled: boolean; createdBy: number }): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>(
    'insert into webhooks (project_id, url, events, secret, enabled, created_by) values (?, ?, ?::text[], ?, ?, ?) returning id',
    [w.projectId, w.url, `{${w.events.join(',')}}`, w.secret, w.enabled, w.createdBy],
  );
  return row!.id;
}

export async function deliveryById(em: EntityManager, id: number): Promise<DeliveryRow | null> {
  const [row] = await em.execute<DeliveryRow[]>('select * from webhook_deliveries where id = ?', [id]);
  return row ?? null;
}

/** Newest first, `limit + 1` rows so the caller knows whether more follow. */
export const deliveriesPage = (em: EntityManager, webhookId: number, before: number | null, limit: number) =>
  em.execute<DeliveryRow[]>(
    `select * from webhook_deliveries where webhook_id = ? and (?::bigint is null or id < ?::bigint) order by id desc limit ?`,
    [webhookId, before, before, limit + 1],
  );

/** A pending delivery row; returns its id. */
export async function insertDelivery(em: EntityManager, d: { webhookId: number; event: string; uuid: string; payload: Record<string, unknown>; redeliveryOf?: number }): Promise<number> {
  const [row] = await em.execute<{ id: string }[]>(
    'insert into webhook_deliveries (webhook_id, event, delivery_uuid, payload, redelivery_of) values (?, ?, ?, ?::json, ?) returning id',
    [d.webhookId, d.event, d.uuid, JSON.stringify(d.payload), d.redeliveryOf ?? null],
  );
  return Number(row!.id);
}

/** Locks a webhook for the rest of the transaction, so a change or removal sees it as it is. */
export async function lockWebhook(em: EntityManager, id: number): Promise<void> {
  await kysely(em).selectFrom('webhooks').select((eb) => eb.lit(1).as('locked')).where('id', '=', id).forUpdate().execute();
}

/** A webhook's new (checked) address. */
export async function setWebhookUrl(em: EntityManager, id: number, url: string): Promise<void> {
  await kysely(em).updateTable('webhooks').set({ url }).where('id', '=', id).execute();
}

/** The events a webhook is sent. */
export async function setWebhookEvents(em: EntityManager, id: number, events: readonly string[]): Promise<void> {
  await kysely(em).updateTable('webhooks').set({ events: [...events] }).where('id', '=', id).execute();
}

/** A webhook's new signing secret. */
export async function setWebhookSecret(em: EntityManager, id: number, secret: string): Promise<void> {
  await kysely(em).updateTable('webhooks').set({ secret }).where('id', '=', id).execute();
}

/** Switches a disabled webhook on again, its failure count and the reason it stopped forgotten. */
export async function enableWebhook(em: EntityManager, id: number): Promise<void> {
  await kysely(em)
    .updateTable('webhooks')
    .set({ enabled: true, consecutive_failures: 0, disabled_at: null, disabled_reason: null })
    .where('id', '=', id)
    .where('enabled', '=', false)
    .execute();
}

/** Switches an enabled webhook off by hand (no failure reason). */
export async function disableWebhook(em: EntityManager, id: number): Promise<void> {
  await kysely(em)
    .updateTable('webhooks')
    .set({ enabled: false, disabled_at: sql<string>`now()`, disabled_reason: null })
    .where('id', '=', id)
    .where('enabled', '=', true)
    .execute();
}

/** Removes a webhook (its deliveries go with it). */
export async function deleteWebhook(em: EntityManager, id: number): Promise<void> {
  await kysely(em).deleteFrom('webhooks').where('id', '=', id).execute();
}

/** The enabled webhooks of a project and the events each is sent, by id. */
export async function enabledProjectWebhooks(em: EntityManager, projectId: number): Promise<{ id: number; events: string[] }[]> {
  return kysely(em).selectFrom('webhooks').select(['id', 'events']).where('project_id', '=', projectId).where('enabled', '=', true).orderBy('id').execute();
}

/** Switches a webhook off for a reason (too many failures). */
export async function switchOffWebhook(em: EntityManager, id: number, reason: string): Promise<void> {
  await kysely(em).updateTable('webhooks').set({ enabled: false, disabled_at: sql<string>`now()`, disabled_reason: reason }).where('id', '=', id).execute();
}

/** Fails the webhook's pending deliveries, as it was switched off. */
export async function failPendingDeliveries(em: EntityManager, webhookId: number): Promise<void> {
  await kysely(em)
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', error: 'webhook switched off', next_retry_at: null, finished_at: sql<string>`now()` })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .execute();
}

/** A delivery with its webhook's address, secret and whether it is enabled. */
export async function deliveryToSend(em: EntityManager, id: number): Promise<(DeliveryRow & { url: string; secret: string; enabled: boolean }) | undefined> {
  return kysely(em)
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .selectAll('d')
    .select(['w.url', 'w.secret', 'w.enabled'])
    .where('d.id', '=', String(id))
    .$castTo<DeliveryRow & { url: string; secret: string; enabled: boolean }>()
    .executeTakeFirst();
}

/** Fails one delivery, as its webhook is switched off. */
export async function failDeliveryOfDisabled(em: EntityManager, id: number): Promise<void> {
  await kysely(em)
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', error: 'webhook switched off', next_retry_at: null, finished_at: sql<string>`now()` })
    .where('id', '=', String(id))
    .execute();
}

/** What one attempt of a delivery got back. */
export interface AttemptOutcome {
  status: number | null;
  durationMs: number | null;
  excerpt: string | null;
  error: string | null;
}

/** A webhook's delivery succeeded: its run of failures ends. */
export async function resetWebhookFailures(em: EntityManager, id: number): Promise<void> {
  await kysely(em).updateTable('webhooks').set({ consecutive_failures: 0 }).where('id', '=', id).execute();
}

/** Records a successful attempt: the delivery is done. */
export async function recordDeliverySuccess(em: EntityManager, id: number, o: AttemptOutcome): Promise<void> {
  await kysely(em)
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      status: 'succeeded',
      response_status: o.status,
      duration_ms: o.durationMs,
      response_excerpt: o.excerpt,
      error: o.error,
      next_retry_at: null,
      finished_at: sql<string>`now()`,
    }))
    .where('id', '=', String(id))
    .execute();
}

/** Counts one more failure of a webhook in a row; the count and whether it is enabled (undefined once it is gone). */
export async function countWebhookFailure(em: EntityManager, id: number): Promise<{ consecutive_failures: number; enabled: boolean } | undefined> {
  return kysely(em)
    .updateTable('webhooks')
    .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1) }))
    .where('id', '=', id)
    .returning(['consecutive_failures', 'enabled'])
    .executeTakeFirst();
}

/** Records a failed attempt: pending again until `next` (a retry), or failed and finished when there is none. */
export async function recordDeliveryFailure(em: EntityManager, id: number, o: AttemptOutcome, next: Date | null): Promise<void> {
  await kysely(em)
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      status: next ? 'pending' : 'failed',
      response_status: o.status,
      duration_ms: o.durationMs,
      response_excerpt: o.excerpt,
      error: o.error,
      next_retry_at: next?.toISOString() ?? null,
      finished_at: sql<string | null>`case when ${!!next} then null else now() end`,
    }))
    .where('id', '=', String(id))
    .execute();
}

/** Deletes the deliveries older than `days` days. */
export async function pruneDeliveries(em: EntityManager, days: number) {
  return kysely(em).deleteFrom('webhook_deliveries').where('created_at', '<', sql<string>`now() - make_interval(days => ${days})`).execute();
}

/** The issue in the API's list-row shape with its description, as it is now. */
export async function issueRowWithDescription(em: EntityManager, issueId: number): Promise<(IssueRow & { description: string }) | undefined> {
  const [row] = await em.execute<(IssueRow & { description: string })[]>(
    `select ${ISSUE_ROW_COLUMNS}, i.description from issues i join projects p on p.id = i.project_id left join users au on au.id = i.assignee_id where i.id = ?`,
    [issueId],
  );
  return row;
}

/** Statuses by id, with their name and category. */
export async function statusesByIds(em: EntityManager, ids: number[]): Promise<{ id: number; name: string; category: string }[]> {
  return kysely(em)
    .selectFrom('statuses')
    .select(['id', 'name', 'category'])
    .where('id', '=', (eb) => eb.fn.any(sql<number[]>`${intArray(ids)}::int[]`))
    .execute();
}

export interface EventActivityRow {
  id: string;
  action: string;
  field: string | null;
  old_value: unknown;
  new_value: unknown;
  actor_id: number | null;
  actor_name: string | null;
  issue_id: number | null;
  project_id: number;
  project_key: string;
  project_name: string;
  created_at: string;
}

/** Activity rows by id with their actor's name and their project, in order. */
export async function activitiesForEvents(em: EntityManager, activityIds: number[]): Promise<EventActivityRow[]> {
  return kysely(em)
    .selectFrom('activities as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.action',
      'a.field',
      'a.old_value',
      'a.new_value',
      'a.actor_id',
      'u.name as actor_name',
      'a.issue_id',
      'a.project_id',
      'p.key as project_key',
      'p.name as project_name',
      'a.created_at',
    ])
    .where('a.id', '=', (eb) => eb.fn.any(sql<string[]>`${intArray(activityIds)}::bigint[]`))
    .orderBy('a.id')
    .$narrowType<{ project_id: number }>()
    .execute();
}

/** A webhook's address and author, with its project's id and name. */
export async function webhookForNotice(
  em: EntityManager,
  id: number,
): Promise<{ url: string; project_id: number; project_name: string; created_by: number | null } | undefined> {
  return kysely(em)
    .selectFrom('webhooks as w')
    .innerJoin('projects as p', 'p.id', 'w.project_id')
    .select(['w.url', 'w.project_id', 'p.name as project_name', 'w.created_by'])
    .where('w.id', '=', id)
    .executeTakeFirst();
}

/** The unblocked owners of a project (their Telegram id while reachable), or `authorId` when it has none. */
export async function projectOwnersOrAuthor(
  em: EntityManager,
  projectId: number,
  authorId: number,
): Promise<{ id: number; email: string | null; name: string; locale: string; telegram_id: string | null }[]> {
  return kysely(em)
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.name', 'u.locale', sql<string | null>`case when u.telegram_unreachable_at is null then u.telegram_id end`.as('telegram_id')])
    .where('u.blocked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('u.id', 'in', eb.selectFrom('project_members').select('user_id').where('project_id', '=', projectId).where('role', '=', 'owner')),
        eb.and([
          eb('u.id', '=', authorId),
          eb.not(eb.exists(eb.selectFrom('project_members').select(eb.lit(1).as('one')).where('project_id', '=', projectId).where('role', '=', 'owner'))),
        ]),
      ]),
    )
    .orderBy('u.id')
    .execute();
}
