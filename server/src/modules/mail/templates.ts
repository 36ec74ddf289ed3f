// Mail templates in the reader's language: plain text and HTML, the product's name, absolute links.
import { escapeHtml } from '@tracker/shared/html';
import type { TextValues } from '@tracker/shared/i18n/translator';
import { EMAIL_CONFIRM_TTL_SEC, EMAIL_RESTORE_TTL_SEC, PASSWORD_RESET_TTL_SEC } from '@tracker/shared/limits';
import type { Locale } from '@tracker/shared/locales';
import { WEBHOOK_MAX_CONSECUTIVE_FAILURES } from '@tracker/shared/api/webhooks';
import { PRODUCT_NAME, translate, translateHtml } from './i18n.ts';

export type MailTemplate = 'confirmEmail' | 'resetPassword' | 'webhookDisabled' | 'emailChanged' | 'projectInvite';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

// `hours`: how long the link works, said in the text (with the right plural form). `footer`: where
// "if you did not ask for it, ignore it" would be wrong advice (a notice of a change).
const KEYS: Record<MailTemplate, { subject: string; body: string; button: string; hours: number; footer?: string }> = {
  confirmEmail: { subject: 'account.mail.confirmSubject', body: 'account.mail.confirmText', button: 'account.mail.confirmButton', hours: EMAIL_CONFIRM_TTL_SEC / 3600 },
  resetPassword: { subject: 'account.mail.resetSubject', body: 'account.mail.resetText', button: 'account.mail.resetButton', hours: PASSWORD_RESET_TTL_SEC / 3600 },
  // `count`: the failures in a row that switched the webhook off.
  webhookDisabled: { subject: 'webhooks.mail.disabledSubject', body: 'webhooks.mail.disabledText', button: 'webhooks.mail.disabledButton', hours: WEBHOOK_MAX_CONSECUTIVE_FAILURES },
  // `count`: the days the link can put the old address back; `newEmail` comes in the values.
  emailChanged: {
    subject: 'account.mail.emailChangedSubject',
    body: 'account.mail.emailChangedText',
    button: 'account.mail.emailChangedButton',
    hours: EMAIL_RESTORE_TTL_SEC / 86_400,
    footer: 'account.mail.noticeFooter',
  },
  // `count`: the days the invite works (the values' own, else the default); `inviter` and `project` come in the values.
  projectInvite: { subject: 'projects.mail.inviteSubject', body: 'projects.mail.inviteText', button: 'projects.mail.inviteButton', hours: 7, footer: 'projects.mail.inviteFooter' },
};

export function renderMail(template: MailTemplate, locale: Locale, vars: { to: string; name: string; link: string; email?: string; values?: TextValues }): MailMessage {
  const keys = KEYS[template];
  const values: TextValues = { ...vars.values, name: vars.name, email: vars.email ?? vars.to };
  const bodyValues: TextValues = { ...values, count: vars.values?.count ?? keys.hours };
  // The text part takes values as they are; the HTML part escapes them (and only them) once.
  const text = (key: string, v = values) => translate(locale, key, v);
  const html = (key: string, v = values) => translateHtml(locale, key, v);
  const subject = text(keys.subject);
  const plain = `${text('account.mail.greeting')}\n\n${text(keys.body, bodyValues)}\n\n${text(keys.button)}: ${vars.link}\n\n--\n${text(keys.footer ?? 'account.mail.footer')}\n`;
  const page = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${html(keys.subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:600;color:#16a34a;font-size:18px">${escapeHtml(PRODUCT_NAME[locale])}</p>
<p>${html('account.mail.greeting')}</p>
<p>${html(keys.body, bodyValues)}</p>
<p><a href="${escapeHtml(vars.link)}" style="display:inline-block;background:#16a34a;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${html(keys.button)}</a></p>
<p style="font-size:13px;color:#475569;word-break:break-all">${escapeHtml(vars.link)}</p>
<hr style="border:none;border-top:1px solid #e2e8f0"><p style="font-size:12px;color:#64748b">${html(keys.footer ?? 'account.mail.footer')}</p>
</body></html>
`;
  return { to: vars.to, subject, text: plain, html: page };
}
