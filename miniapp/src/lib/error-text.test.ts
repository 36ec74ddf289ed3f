import { instanceResources, resources } from '@tracker/shared/i18n/index';
import { lazyResources } from '@tracker/shared/i18n/lazy';
import { I18N_OPTIONS } from '@tracker/shared/i18n/options';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { errorText, issueText } from './error-text.ts';
import { ApiError, timeoutError } from './http.ts';

// The real resources, so the texts below are the ones users read.
const i18n = i18next.createInstance();
await i18n.init({ ...I18N_OPTIONS, resources: instanceResources(), lng: 'ru', ns: Object.keys(resources.ru) });
for (const lng of ['ru', 'en'] as const) i18n.addResourceBundle(lng, 'account', (await lazyResources.account[lng]()).default);
const ru = i18n.getFixedT('ru');
const en = i18n.getFixedT('en');

/** An answer of our server: the code and its words (in the reader's language) in `data`. */
const refused = (status: number, code: string | undefined, said: string | undefined, more: Record<string, unknown> = {}) =>
  new ApiError(status, said ?? '', { ...(code ? { code } : {}), ...(said ? { statusMessage: said } : {}), ...more });

describe('errorText', () => {
  it('says what happened when no answer came: a timeout, no connection, anything else', () => {
    expect(errorText(timeoutError(), en)).toBe('The server took too long to answer. Try again.');
    expect(errorText(new TypeError('Failed to fetch'), en)).toBe('The server is unreachable. Check your connection.');
    expect(errorText(new TypeError('Load failed'), ru)).toBe('Сервер недоступен. Проверьте подключение.');
    expect(errorText(new Error('boom'), en)).toBe('The request failed. Try again.');
  });

  it('shows the server\'s words, which say more than the code (which thing, how long to wait)', () => {
    expect(errorText(refused(404, 'not_found', 'Задача не найдена'), ru)).toBe('Задача не найдена');
    const limit = 'Письмо можно отправлять не чаще раза в минуту и не больше 5 раз в день. Попробуйте позже.';
    expect(errorText(refused(429, 'rate_limited', limit), ru)).toBe(limit);
  });

  it('says a code in the page\'s language when the server\'s words are only its code\'s text (a route\'s English)', () => {
    expect(errorText(refused(401, 'invalid_credentials', 'Invalid e-mail or password'), ru)).toBe('Неверный e-mail или пароль');
    expect(errorText(refused(403, 'forbidden', 'Недостаточно прав'), en)).toBe(en('errors.codes.forbidden'));
    expect(errorText(refused(409, 'key_taken', undefined), ru)).toBe(ru('errors.codes.key_taken'));
  });

  it('prefers a field issue the locale words to the generic "check the data"', () => {
    const err = refused(400, 'validation', 'Проверьте введённые данные', { issues: [{ path: ['url'], message: 'validation.unknownKey' }, { path: ['name'], message: 'validation.required' }] });
    expect(errorText(err, ru)).toBe(ru('validation.required'));
  });

  it('takes a screen\'s wording of a code as data, and its fallback when the server said nothing', () => {
    const codes = { unavailable: 'telegram.notConfigured' };
    expect(errorText(refused(503, 'unavailable', 'Telegram is not configured'), en, { codes })).toBe(en('telegram.notConfigured'));
    expect(errorText(refused(429, 'rate_limited', 'Подождите минуту'), ru, { codes })).toBe('Подождите минуту');
    const fallback = 'account.emailDialog.error';
    expect(errorText(new TypeError('Failed to fetch'), ru, { fallback })).toBe('Ошибка отправки письма');
    expect(errorText(refused(429, 'rate_limited', 'Подождите минуту'), ru, { fallback })).toBe('Подождите минуту');
  });

  it('treats an answer that is not ours (a proxy\'s 502) as the service being away', () => {
    expect(errorText(new ApiError(502, 'Bad Gateway'), en)).toBe(en('errors.codes.unavailable'));
    expect(errorText(new ApiError(404, 'Not Found'), en)).toBe('The request failed. Try again.');
  });
});

describe('issueText', () => {
  it('translates keys, says "invalid" for a key the app lacks, and shows plain words as they are', () => {
    expect(issueText('validation.required', en)).toBe(en('validation.required'));
    expect(issueText('validation.noSuchKey', en)).toBe(en('validation.invalid'));
    expect(issueText('That title is taken here', en)).toBe('That title is taken here');
  });
});
