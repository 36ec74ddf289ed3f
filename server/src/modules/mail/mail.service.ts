// Mail is rendered when asked for and sent later by the job queue, so SMTP never slows a request.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TextValues } from '@tracker/shared/i18n/translator';
import { isLocale, type Locale } from '@tracker/shared/locales';
import type { Mailer } from './mailer.ts';
import type { JobQueue } from '../jobs/index.ts';
import { renderMail, type MailMessage, type MailTemplate } from './templates.ts';

export const MAIL_JOB = 'mail.send';

/** Registers the `mail.send` task on `queue`; call before the queue starts. */
export function createMailService(deps: { queue: JobQueue; mailer: Mailer; publicUrl: string }) {
  deps.queue.register({
    // The payload is what `queueTemplate` stored.
    [MAIL_JOB]: async (payload) => {
      await deps.mailer.send(payload.message as MailMessage, { link: payload.link as string | undefined });
    },
  });
  return {

    async queueTemplate(
      em: EntityManager,
      template: MailTemplate,
      to: { email: string; name: string; locale: string },
      linkPath: string,
      values?: TextValues,
    ) {
      const locale: Locale = isLocale(to.locale) ? to.locale : 'ru';
      // Links keep the reader's language: English pages live under /en.
      const link = `${deps.publicUrl}${locale === 'en' ? '/en' : ''}${linkPath}`;
      const message = renderMail(template, locale, { to: to.email, name: to.name, link, email: to.email, values });
      await deps.queue.enqueue(em, MAIL_JOB, { message, link });
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
