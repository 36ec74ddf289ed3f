// Telling a project's owners that its webhook was switched off (too many failures in a row): an
// e-mail to each owner with an address, and a Telegram message to each linked one while the bot
// runs, in their language. Queued in the transaction that switches the webhook off.
import type { EntityManager } from '@mikro-orm/postgresql';
import { WEBHOOK_MAX_CONSECUTIVE_FAILURES } from '@tracker/shared/api/webhooks';
import { escapeHtml } from '@tracker/shared/html';
import { isLocale } from '@tracker/shared/locales';
import type { JobQueue } from '../jobs/index.ts';
import type { MailService } from '../mail/mail.service.ts';
import { translate } from '../mail/i18n.ts';
import { queueMessage } from '../notifications/outbox.ts';
import { projectOwnersOrAuthor, webhookForNotice } from './event.repository.ts';

export type DisabledNotice = (em: EntityManager, webhookId: number) => Promise<void>;

export function disabledNotice(deps: { jobs: JobQueue; mail: MailService; telegram: boolean }): DisabledNotice {
  return async (em, webhookId) => {
    const hook = await webhookForNotice(em, webhookId);
    if (!hook) return;
    // The owners; the webhook's author when the project has none (an admin's project).
    const owners = await projectOwnersOrAuthor(em, hook.project_id, hook.created_by ?? 0);
    const values = { url: hook.url, project: hook.project_name, count: WEBHOOK_MAX_CONSECUTIVE_FAILURES };
    for (const owner of owners) {
      const locale = isLocale(owner.locale) ? owner.locale : 'ru';
      if (owner.email) await deps.mail.queueTemplate(em, 'webhookDisabled', { email: owner.email, name: owner.name, locale }, `/projects/${hook.project_id}/edit`, values);
      if (deps.telegram && owner.telegram_id) {
        const line = escapeHtml(translate(locale, 'webhooks.telegram.disabled', values));
        await queueMessage(em, deps.jobs, { chatId: Number(owner.telegram_id), issueId: null, line, card: '', replyMarkup: null, silent: false }, 0);
      }
    }
  };
}
