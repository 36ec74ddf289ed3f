// A webhook delivery's life (webhook.jobs.ts): which hooks an event goes to, the attempt, its outcome
// and the switch-off after repeated failures, and the pruning of old deliveries. Typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import type { DeliveryRow } from './webhook.repository.ts';

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
