// The one mapping of domain errors to HTTP answers: each kind gets its status, its code and its message
// in the reader's language, through the same error middleware and translator the app uses.
import { conflict, DOMAIN_ERROR_KINDS, DomainError, fieldError, forbidden, notFound, rateLimited, unauthorized } from '@tracker/shared/domain-errors';
import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Logger } from '../logger.ts';
import { requestLocale, translate } from '../modules/mail/i18n.ts';
import { DOMAIN_STATUS, errorHandler } from './errors.ts';

const logger = { error: () => {} } as unknown as Logger;
const handle = errorHandler(logger, (ctx, key, params) => translate(requestLocale(ctx), key, params));

async function answer(err: unknown, language: 'ru' | 'en') {
  const headers: Record<string, string> = {};
  const ctx = {
    state: {},
    get: (name: string) => (name.toLowerCase() === 'accept-language' ? language : ''),
    set: (values: Record<string, string>) => Object.assign(headers, values),
  } as unknown as Context & { body: any };
  await handle(ctx, async () => {
    throw err;
  });
  return { status: ctx.status, body: ctx.body, headers };
}

const CASES: { name: string; err: () => DomainError; status: number; code: string; ru: string; en: string; data?: object; headers?: object }[] = [
  {
    name: 'invalid, with the field issues',
    err: () => fieldError('dueDate', 'validation.dueBeforeStart'),
    status: 400,
    code: 'validation',
    ru: 'Проверьте введённые данные',
    en: 'Check the data you entered',
    data: { issues: [{ path: ['dueDate'], message: 'validation.dueBeforeStart', code: 'custom' }] },
  },
  { name: 'unauthorized', err: unauthorized, status: 401, code: 'unauthorized', ru: 'Нужно войти', en: 'Please sign in' },
  { name: 'forbidden', err: () => forbidden(), status: 403, code: 'forbidden', ru: 'Недостаточно прав', en: 'You do not have permission' },
  { name: 'not_found, naming what', err: () => notFound('issue'), status: 404, code: 'not_found', ru: 'Задача не найдена', en: 'Issue not found' },
  { name: 'not_found, generic', err: () => notFound(), status: 404, code: 'not_found', ru: 'Не найдено', en: 'Not found' },
  {
    name: 'conflict, naming the field',
    err: () => conflict('key_taken', 'key'),
    status: 409,
    code: 'key_taken',
    ru: 'Проект с таким ключом уже есть',
    en: 'A project with this key already exists',
    data: { field: 'key' },
  },
  {
    name: 'rate_limited, with Retry-After',
    err: () => rateLimited(30),
    status: 429,
    code: 'rate_limited',
    ru: 'Слишком много попыток, попробуйте позже',
    en: 'Too many attempts, try again later',
    data: { retryAfter: 30 },
    headers: { 'Retry-After': '30' },
  },
];

describe('domain errors → HTTP', () => {
  it('every kind has a status, and a case below', () => {
    expect(Object.keys(DOMAIN_STATUS).sort()).toEqual([...DOMAIN_ERROR_KINDS].sort());
    expect(new Set(CASES.map((c) => c.err().kind))).toEqual(new Set(DOMAIN_ERROR_KINDS));
  });

  for (const c of CASES) {
    it(`${c.name}: ${c.status} with its code, in both languages`, async () => {
      for (const language of ['ru', 'en'] as const) {
        const res = await answer(c.err(), language);
        const message = c[language];
        expect(res.status).toBe(c.status);
        expect(res.body).toEqual({ statusCode: c.status, statusMessage: message, data: { code: c.code, statusMessage: message, ...c.data } });
        expect(res.headers).toEqual(c.headers ?? {});
      }
    });
  }

  it('fills the message placeholders, plural forms included', async () => {
    const err = new DomainError('rate_limited', { code: 'login_throttled', key: 'auth.throttled', params: { count: 5 } });
    expect((await answer(err, 'ru')).body.statusMessage).toMatch(/Повторите через 5 секунд/);
    expect((await answer(err, 'en')).body.statusMessage).toMatch(/Try again in 5 seconds/);
  });

  it('a zod failure is the invalid kind with zod issues', async () => {
    const parsed = z.object({ n: z.number() }).safeParse({ n: 'x' });
    const res = await answer(parsed.error, 'en');
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ code: 'validation', issues: [{ path: ['n'] }] });
  });
});
