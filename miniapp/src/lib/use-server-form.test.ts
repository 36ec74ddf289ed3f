import { describe, expect, it } from 'vitest';
import { ApiError } from './http.ts';
import { applyServerError } from './use-server-form.ts';

const TEXTS: Record<string, string> = {
  'validation.email': 'Enter a valid e-mail',
  'validation.invalid': 'Check this value',
  'errors.codes.email_taken': 'This e-mail is already registered',
  'errors.codes.invalid_credentials': 'Invalid e-mail or password',
  'errors.network': 'No connection',
};
const t = (key: string, options: { defaultValue?: string }) => TEXTS[key] ?? options.defaultValue ?? key;

/** A stand-in form holding these values; records what lands on it. */
function formWith(values: Record<string, unknown>) {
  const errors: Record<string, { type: string; message?: string }> = {};
  return { errors, getValues: () => values, setError: (name: string, error: { type?: string; message?: string }) => void (errors[name] = { type: error.type ?? '', message: error.message }) };
}

describe('applyServerError', () => {
  it('puts field issues under their fields, translated, and no form message', () => {
    const form = formWith({ email: 'a@b', password: 'x' });
    const err = new ApiError(400, 'Validation failed', { code: 'validation', issues: [{ path: ['email'], message: 'validation.email' }, { path: ['password'], message: 'validation.unknownKey' }] });
    applyServerError(form as never, err, t);
    expect(form.errors).toEqual({ email: { type: 'server', message: 'Enter a valid e-mail' }, password: { type: 'server', message: 'Check this value' } });
  });

  it('puts an issue of a nested field under the deepest field the values name, and one of the whole group on the group', () => {
    const form = formWith({ slug: 's', versions: { ru: { title: '' }, en: { title: 'x' } }, cover: null, tags: 'a, b' });
    const err = new ApiError(400, 'Validation failed', {
      code: 'validation',
      issues: [
        { path: ['versions', 'ru', 'title'], message: 'validation.email' },
        { path: ['versions'], message: 'validation.invalid' },
        { path: ['tags', 1], message: 'validation.invalid' },
      ],
    });
    applyServerError(form as never, err, t);
    expect(form.errors).toEqual({
      'versions.ru.title': { type: 'server', message: 'Enter a valid e-mail' },
      versions: { type: 'server', message: 'Check this value' },
      tags: { type: 'server', message: 'Check this value' },
    });
  });

  it('puts a code bound to a field (409 email_taken) under that field', () => {
    const form = formWith({ name: '', email: '' });
    applyServerError(form as never, new ApiError(409, 'E-mail taken', { code: 'email_taken', field: 'email' }), t);
    expect(form.errors).toEqual({ email: { type: 'server', message: 'This e-mail is already registered' } });
  });

  it('gives the form the rest: a translated code, else the server\'s words, else the network message', () => {
    const login = formWith({ email: '', password: '' });
    applyServerError(login as never, new ApiError(401, 'Nope', { code: 'invalid_credentials' }), t);
    expect(login.errors).toEqual({ 'root.server': { type: 'server', message: 'Invalid e-mail or password' } });

    const limited = formWith({ email: '' });
    applyServerError(limited as never, new ApiError(429, 'Wait a minute', { code: 'rate_limited', statusMessage: 'Wait a minute' }), t);
    expect(limited.errors['root.server']?.message).toBe('Wait a minute');

    const offline = formWith({ email: '' });
    applyServerError(offline as never, new TypeError('Failed to fetch'), t);
    expect(offline.errors['root.server']?.message).toBe('No connection');
  });

  it('sends an issue about a field the form does not hold to the form message', () => {
    const form = formWith({ host: '' });
    applyServerError(form as never, new ApiError(400, 'Validation failed', { code: 'validation', issues: [{ path: ['other'], message: 'validation.email' }] }), t);
    expect(Object.keys(form.errors)).toEqual(['root.server']);
  });
});
