// Outgoing webhooks (docs/webhooks.md): the service and routes, the jobs, the sender with its address rule.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { MailService } from '../mail/mail.service.ts';
import { disabledNotice } from './disabled-notice.ts';
import { createSender } from './send.ts';
import { urlRules, type UrlRules } from './url-guard.ts';
import { registerWebhookJobs } from './webhook.jobs.ts';
import { createWebhookService } from './webhook.service.ts';
import { webhookRoutes } from './webhooks.routes.ts';

export const webhookRules = (config: Pick<Config, 'isProduction' | 'WEBHOOK_ALLOWED_HOSTS'>): UrlRules => urlRules(config.isProduction, config.WEBHOOK_ALLOWED_HOSTS);

/** Registers the webhook jobs on `jobs` (before it starts) and returns the routes and the sender to close. */
export function setUpWebhooks(deps: { config: Config; orm: MikroORM; jobs: JobQueue; mail: MailService; telegram: boolean; logger: Logger; em: () => EntityManager }) {
  const rules = webhookRules(deps.config);
  const sender = createSender({ rules, timeoutMs: deps.config.WEBHOOK_TIMEOUT_MS });
  const notice = disabledNotice({ jobs: deps.jobs, mail: deps.mail, telegram: deps.telegram });
  const jobs = registerWebhookJobs({ jobs: deps.jobs, orm: deps.orm, sender, notice, logger: deps.logger });
  const service = createWebhookService({ rules: () => rules, jobs: () => jobs });
  return { router: webhookRoutes({ em: deps.em, service }), jobs, service, close: () => sender.close() };
}
