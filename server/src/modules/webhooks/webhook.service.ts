// The rules of webhooks: only those who may manage a project's webhooks (owners, admins) see or
// change them; a URL is checked (url-guard.ts) before it is saved; a re-enabled webhook starts its
// failure count afresh; a redelivery is a new delivery of the same event under a new delivery id.
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { createWebhookSchema, DeliveriesQuery, DeliveriesResponse, Delivery, updateWebhookSchema, Webhook, WebhookEvent } from '@tracker/shared/api/webhooks';
import { fieldError, forbidden, notFound } from '@tracker/shared/domain-errors';
import { canInProject } from '@tracker/shared/permissions';
import { projectAccess, requireProject, type Viewer } from '../projects/project-access.ts';
import { checkWebhookUrl, RefusedAddress, type UrlRules } from './url-guard.ts';
import { deleteWebhook, deliveriesPage, deliveryById, disableWebhook, enableWebhook, insertWebhook, lockWebhook, projectWebhooks, setWebhookEvents, setWebhookSecret, setWebhookUrl, toDelivery, toWebhook, webhookById, type WebhookRow } from './webhook.repository.ts';
import type { WebhookJobs } from './webhook.jobs.ts';

type CreateInput = z.output<typeof createWebhookSchema>;
type UpdateInput = z.output<typeof updateWebhookSchema>;

const newSecret = () => `whsec_${randomBytes(24).toString('hex')}`;

export function createWebhookService(deps: { rules: () => UrlRules; jobs: () => WebhookJobs }) {
  async function checkedUrl(url: string): Promise<string> {
    try {
      return (await checkWebhookUrl(url, deps.rules())).href;
    } catch (err) {
      if (err instanceof RefusedAddress) throw fieldError('url', `validation.${err.refusal}`);
      throw err;
    }
  }

  /** The webhook, when the viewer may manage its project's webhooks; a project they cannot see hides it. */
  async function manageable(em: EntityManager, viewer: Viewer, id: number, lock = false): Promise<WebhookRow> {
    const row = await webhookById(em, id);
    if (!row) throw notFound('webhook');
    const access = await projectAccess(em, viewer, row.project_id);
    if (!access) throw notFound('webhook');
    if (!canInProject(access.role, viewer.roles, 'project.webhooks')) throw forbidden();
    if (lock) await lockWebhook(em, id);
    return row;
  }

  return {
    async list(em: EntityManager, viewer: Viewer, projectId: number): Promise<Webhook[]> {
      await requireProject(em, viewer, projectId, 'project.webhooks');
      return (await projectWebhooks(em, projectId)).map(toWebhook);
    },

    async create(em: EntityManager, viewer: Viewer, projectId: number, input: CreateInput): Promise<Webhook> {
      const { project } = await requireProject(em, viewer, projectId, 'project.webhooks');
      const url = await checkedUrl(input.url);
      const id = await insertWebhook(em, { projectId: project.id, url, events: input.events, secret: newSecret(), enabled: input.enabled, createdBy: viewer.id });
      return toWebhook((await webhookById(em, id))!);
    },

    async update(em: EntityManager, viewer: Viewer, id: number, input: UpdateInput): Promise<Webhook> {
      const url = input.url === undefined ? undefined : await checkedUrl(input.url);
      return em.transactional(async (tem) => {
        await manageable(tem, viewer, id, true);
        if (url !== undefined) await setWebhookUrl(tem, id, url);
        if (input.events) await setWebhookEvents(tem, id, input.events);
        if (input.rotateSecret) await setWebhookSecret(tem, id, newSecret());
        if (input.enabled === true) await enableWebhook(tem, id);
        else if (input.enabled === false) await disableWebhook(tem, id);
        return toWebhook((await webhookById(tem, id))!);
      });
    },

    async remove(em: EntityManager, viewer: Viewer, id: number): Promise<void> {
      await em.transactional(async (tem) => {
        await manageable(tem, viewer, id, true);
        await deleteWebhook(tem, id);
      });
    },

    async deliveries(em: EntityManager, viewer: Viewer, id: number, q: DeliveriesQuery): Promise<DeliveriesResponse> {
      await manageable(em, viewer, id);
      const rows = await deliveriesPage(em, id, q.cursor ? Number(q.cursor) : null, q.limit);
      const page = rows.slice(0, q.limit).map(toDelivery);
      return { deliveries: page, nextCursor: rows.length > q.limit ? String(page.at(-1)!.id) : null };
    },

    /** The same event again, as a new delivery with a new delivery id (one for a switched-off webhook fails at once). */
    async redeliver(em: EntityManager, viewer: Viewer, deliveryId: number): Promise<Delivery> {
      return em.transactional(async (tem) => {
        const old = await deliveryById(tem, deliveryId);
        if (!old) throw notFound('delivery');
        await manageable(tem, viewer, old.webhook_id).catch((err: unknown) => {
          throw err instanceof Error && 'kind' in err && err.kind === 'not_found' ? notFound('delivery') : err;
        });
        const p = old.payload as { createdAt: string; project: { id: number; key: string; name: string }; actor: { id: number; name: string } | null; data: Record<string, unknown> };
        const id = await deps.jobs().queueDelivery(tem, old.webhook_id, { event: old.event as WebhookEvent, createdAt: p.createdAt, project: p.project, actor: p.actor, data: p.data }, Number(old.id));
        return toDelivery((await deliveryById(tem, id))!);
      });
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
