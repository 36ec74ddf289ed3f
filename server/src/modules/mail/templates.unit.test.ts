// Mail through the shared i18next translator: the HTML part escapes values once, the text part
// keeps them as they are, and how long a link works is said with the right plural form.
import { describe, expect, it } from 'vitest';
import { translate } from './i18n.ts';
import { renderMail } from './templates.ts';

const vars = { to: 'tom@example.com', name: 'Tom & <Jerry>', link: 'https://tracker.example/confirm?t=a&b=1' };

describe('mail templates', () => {
  it('escapes values once in HTML and not at all in plain text', () => {
    const mail = renderMail('confirmEmail', 'en', vars);
    expect(mail.html).toContain('<p>Hello, Tom &amp; &lt;Jerry&gt;!</p>');
    expect(mail.html).toContain('href="https://tracker.example/confirm?t=a&amp;b=1"');
    expect(mail.html).not.toContain('&amp;amp;');
    expect(mail.text).toContain('Hello, Tom & <Jerry>!');
    expect(mail.text).toContain('https://tracker.example/confirm?t=a&b=1');
    expect(mail.subject).toBe('Tracker: confirm your e-mail');
  });

  it('says how long the link works with the plural form of the number', () => {
    expect(renderMail('confirmEmail', 'ru', vars).text).toContain('Ссылка действует 48 часов.');
    expect(renderMail('resetPassword', 'ru', vars).text).toContain('Ссылка действует 1 час.');
    expect(renderMail('confirmEmail', 'en', vars).text).toContain('The link is valid for 48 hours.');
    expect(renderMail('resetPassword', 'en', vars).text).toContain('The link is valid for 1 hour.');
  });

  it('falls back to Russian, then to the key, like the web app', () => {
    expect(translate('en', 'errors.codes.no_such_code')).toBe('errors.codes.no_such_code');
    expect(translate('ru', 'account.sms.code', { code: '1234' })).toContain('1234');
  });
});
