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

interface Owner {
  id: number;
  email: string | null;
  name: string;
  locale: string;
  telegram_id: string | null;
}

export type DisabledNotice = (em: EntityManager, webhookId: number) => Promise<void>;

export function disabledNotice(deps: { jobs: JobQueue; mail: MailService; telegram: boolean }): DisabledNotice {
  return async (em, webhookId) => {
    const [hook] = await em.execute<{ url: string; project_id: number; project_name: string; created_by: number | null }[]>(
      'select w.url, w.project_id, p.name as project_name, w.created_by from webhooks w join projects p on p.id = w.project_id where w.id = ?',
      [webhookId],
    );
    if (!hook) return;
    // The owners; the webhook's author when the project has none (an admin's project).
    const owners = await em.execute<Owner[]>(
      `select u.id, u.email, u.name, u.locale, case when u.telegram_unreachable_at is null then u.telegram_id end as telegram_id
         from users u
        where u.blocked_at is null
          and (u.id in (select user_id from project_members where project_id = ? and role = 'owner')
               or (u.id = ? and not exists (select 1 from project_members where project_id = ? and role = 'owner')))
        order by u.id`,
      [hook.project_id, hook.created_by ?? 0, hook.project_id],
    );
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
