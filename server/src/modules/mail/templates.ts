// Mail templates in the reader's language: plain text and HTML, the product's name, absolute links.
import type { Locale } from '@tracker/shared/locales';
import { PRODUCT_NAME, translate } from './i18n.ts';

export type MailTemplate = 'confirmEmail' | 'resetPassword';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const KEYS: Record<MailTemplate, { subject: string; body: string; button: string }> = {
  confirmEmail: { subject: 'account.mail.confirmSubject', body: 'account.mail.confirmText', button: 'account.mail.confirmButton' },
  resetPassword: { subject: 'account.mail.resetSubject', body: 'account.mail.resetText', button: 'account.mail.resetButton' },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderMail(template: MailTemplate, locale: Locale, vars: { to: string; name: string; link: string; email?: string }): MailMessage {
  const keys = KEYS[template];
  const t = (key: string) => translate(locale, key, { name: vars.name, email: vars.email ?? vars.to });
  const greeting = t('account.mail.greeting');
  const body = t(keys.body);
  const button = t(keys.button);
  const footer = t('account.mail.footer');
  const text = `${greeting}\n\n${body}\n\n${button}: ${vars.link}\n\n--\n${footer}\n`;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(t(keys.subject))}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:600;color:#16a34a;font-size:18px">${escapeHtml(PRODUCT_NAME[locale])}</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(vars.link)}" style="display:inline-block;background:#16a34a;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#475569;word-break:break-all">${escapeHtml(vars.link)}</p>
<hr style="border:none;border-top:1px solid #e2e8f0"><p style="font-size:12px;color:#64748b">${escapeHtml(footer)}</p>
</body></html>
`;
  return { to: vars.to, subject: t(keys.subject), text, html };
}
