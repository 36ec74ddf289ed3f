// SQL of webhooks and their deliveries, and their mapping to the shared DTOs (the delivery attempts:
// delivery.repository.ts; what events read: event.repository.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Delivery, Webhook, WebhookEvent } from '@tracker/shared/api/webhooks';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { iso } from '../../db/sql.ts';

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
