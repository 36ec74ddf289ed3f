// The webhook jobs (docs/webhooks.md): `webhooks.activity` turns a change's activity rows into one
// delivery per subscribed webhook; `webhooks.deliver` makes one attempt of a delivery and, when it
// fails, schedules the next one with back-off (retry.ts) as a new job, so a failing receiver is never
// retried in a loop; a daily cron prunes deliveries older than 30 days. Each webhook's deliveries run
// in a queue of their own: one at a time, so a slow receiver holds one worker at most.
import { createHmac, randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { WEBHOOK_MAX_CONSECUTIVE_FAILURES } from '@tracker/shared/api/webhooks';
import type { Logger } from '../../logger.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { DisabledNotice } from './disabled-notice.ts';
import { eventsOf, type WebhookEventBody } from './events.ts';
import { nextRetryAt } from './retry.ts';
import type { Sender } from './send.ts';
import { countWebhookFailure, deliveryToSend, enabledProjectWebhooks, failDeliveryOfDisabled, failPendingDeliveries, pruneDeliveries, recordDeliveryFailure, recordDeliverySuccess, resetWebhookFailures, switchOffWebhook } from './delivery.repository.ts';
import { insertDelivery } from './webhook.repository.ts';

export const WEBHOOK_ACTIVITY_JOB = 'webhooks.activity';
export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';
export const WEBHOOK_PRUNE_JOB = 'webhooks.prune';
export const DELIVERY_RETENTION_DAYS = 30;
const PRUNE_CRON = { identifier: WEBHOOK_PRUNE_JOB, task: WEBHOOK_PRUNE_JOB, match: '23 3 * * *', maxAttempts: 3 };
const DISABLED_BY_FAILURES = `${WEBHOOK_MAX_CONSECUTIVE_FAILURES} failed delivery attempts in a row`;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signature(secret: string, body: string, t: number): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export function registerWebhookJobs(deps: { jobs: JobQueue; orm: MikroORM; sender: Sender; notice: DisabledNotice; logger: Logger }) {
  const fork = () => deps.orm.em.fork() as EntityManager;

  const schedule = (em: EntityManager, deliveryId: number, webhookId: number, runAt?: Date) =>
    deps.jobs.enqueue(em, WEBHOOK_DELIVER_JOB, { deliveryId }, { jobKey: `${WEBHOOK_DELIVER_JOB}:${deliveryId}`, queueName: `webhook:${webhookId}`, runAt, maxAttempts: 3 });

  /** A pending delivery of `body` to a webhook, sent once the caller's transaction commits. */
  async function queueDelivery(em: EntityManager, webhookId: number, body: WebhookEventBody, redeliveryOf?: number): Promise<number> {
    const uuid = randomUUID();
    const { event, createdAt, project, actor, data } = body;
    const id = await insertDelivery(em, { webhookId, event, uuid, payload: { id: uuid, event, createdAt, project, actor, data }, redeliveryOf });
    await schedule(em, id, webhookId);
    return id;
  }

  async function fanOut(activityIds: number[]): Promise<void> {
    await fork().transactional(async (em) => {
      const events = await eventsOf(em, activityIds);
      if (!events.length) return;
      const hooks = await enabledProjectWebhooks(em, events[0]!.project.id);
      for (const e of events) for (const h of hooks) if (h.events.includes(e.event)) await queueDelivery(em, h.id, e);
    });
  }

  /** Switches the webhook off, fails what it still had waiting, and tells its owners. */
  async function disable(em: EntityManager, webhookId: number, reason: string): Promise<void> {
    await switchOffWebhook(em, webhookId, reason);
    await failPendingDeliveries(em, webhookId);
    await deps.notice(em, webhookId);
  }

  async function deliver(deliveryId: number): Promise<void> {
    const em = fork();
    const d = await deliveryToSend(em, deliveryId);
    if (!d || d.status !== 'pending') return;
    if (!d.enabled) {
      await failDeliveryOfDisabled(em, deliveryId);
      return;
    }
    const body = JSON.stringify(d.payload);
    const result = await deps.sender.attempt(d.url, body, {
      'content-type': 'application/json',
      'user-agent': 'Tracker-Webhooks',
      'x-tracker-event': d.event,
      'x-tracker-delivery': d.delivery_uuid,
      'x-tracker-signature': signature(d.secret, body, Math.floor(Date.now() / 1000)),
    });
    await em.transactional(async (tem) => {
      const attempts = d.attempts + 1;
      const outcome = { status: result.status, durationMs: result.durationMs, excerpt: result.excerpt, error: result.error };
      if (result.ok) {
        await resetWebhookFailures(tem, d.webhook_id);
        await recordDeliverySuccess(tem, deliveryId, outcome);
        return;
      }
      const w = await countWebhookFailure(tem, d.webhook_id);
      const disabling = !!w?.enabled && w.consecutive_failures >= WEBHOOK_MAX_CONSECUTIVE_FAILURES;
      const next = w?.enabled && !disabling ? nextRetryAt(attempts, new Date(d.created_at), new Date()) : null;
      await recordDeliveryFailure(tem, deliveryId, outcome, next);
      if (disabling) {
        deps.logger.warn({ webhookId: d.webhook_id, error: result.error }, 'webhook switched off after failing too often');
        await disable(tem, d.webhook_id, `${DISABLED_BY_FAILURES} (last: ${result.error ?? 'failed'})`);
      } else if (next) await schedule(tem, deliveryId, d.webhook_id, next);
    });
  }

  const prune = () => pruneDeliveries(fork(), DELIVERY_RETENTION_DAYS);

  deps.jobs.register(
    {
      [WEBHOOK_ACTIVITY_JOB]: async (payload) => fanOut((payload.activityIds as unknown[]).map(Number)),
      [WEBHOOK_DELIVER_JOB]: async (payload) => deliver(Number(payload.deliveryId)),
      [WEBHOOK_PRUNE_JOB]: async () => void (await prune()),
    },
    [PRUNE_CRON],
  );
  return { queueDelivery, deliver, prune };
}

export type WebhookJobs = ReturnType<typeof registerWebhookJobs>;
