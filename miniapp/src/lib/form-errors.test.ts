import { loginRequestSchema, registerRequestSchema } from '@tracker/shared/api/auth';
import { describe, expect, it } from 'vitest';
import { ApiError } from './http.ts';
import { fieldErrorsFrom, formErrorsFrom } from './form-errors.ts';

describe('form errors', () => {
  it('maps client-side zod issues to i18n keys per field', () => {
    const parsed = registerRequestSchema.safeParse({ email: 'nope', password: 'short', name: ' ' });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsFrom(parsed.error!.issues)).toEqual({
      email: 'validation.email',
      password: 'validation.passwordTooShort',
      name: 'validation.required',
    });
    const login = loginRequestSchema.safeParse({ email: 'a@b.co', password: '' });
    expect(fieldErrorsFrom(login.error!.issues)).toEqual({ password: 'validation.required' });
  });

  it('shows server validation issues under the fields', () => {
    const err = new ApiError(400, 'Validation failed', { code: 'validation', issues: [{ path: ['email'], message: 'validation.email', code: 'invalid_format' }] });
    expect(formErrorsFrom(err, ['email', 'password'])).toEqual({ fields: { email: 'validation.email' }, form: null });
  });

  it('puts a field-bound code under its field', () => {
    const err = new ApiError(409, 'E-mail taken', { code: 'email_taken', field: 'email' });
    expect(formErrorsFrom(err, ['email', 'password', 'name'])).toEqual({ fields: { email: 'errors.codes.email_taken' }, form: null });
  });

  it('translates other codes for the form alert, else shows the status message', () => {
    expect(formErrorsFrom(new ApiError(401, 'Invalid e-mail or password', { code: 'invalid_credentials' }), ['email']).form).toEqual({
      key: 'errors.codes.invalid_credentials',
      raw: false,
    });
    expect(formErrorsFrom(new ApiError(502, 'Bad Gateway'), ['email']).form).toEqual({ key: 'Bad Gateway', raw: true });
    expect(formErrorsFrom(new TypeError('Failed to fetch'), ['email']).form).toEqual({ key: 'errors.network', raw: false });
  });
});
