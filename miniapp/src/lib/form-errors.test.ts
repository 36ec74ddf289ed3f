import { loginRequestSchema, registerRequestSchema } from '@tracker/shared/api/auth';
import { describe, expect, it } from 'vitest';
import { ApiError } from './http.ts';
import { fieldErrorsFrom, formErrorsFrom } from './form-errors.ts';

const TEXTS: Record<string, string> = {
  'validation.email': 'Enter a valid e-mail',
  'validation.required': 'Required',
  'validation.tooLong': 'Too long',
  'validation.invalid': 'Invalid value',
  'errors.codes.validation': 'Check the data you entered',
  'errors.codes.email_taken': 'This e-mail is already registered',
  'errors.codes.forbidden': 'Not allowed',
  'errors.codes.invalid_credentials': 'Invalid e-mail or password',
  'errors.network': 'No connection',
};
const t = (key: string, options: { defaultValue?: string }) => TEXTS[key] ?? options.defaultValue ?? key;

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

  it('puts an issue under the longest start of its path that names a field', () => {
    const issues = [
      { path: ['customValues', '12'], message: 'validation.required' },
      { path: ['title'], message: 'validation.tooLong' },
      { path: ['labelIds', 0], message: 'validation.invalid' },
      { path: ['customValues', '99'], message: 'validation.required' },
    ];
    expect(fieldErrorsFrom(issues, ['title', 'labelIds', 'customValues.12'])).toEqual({ 'customValues.12': 'validation.required', title: 'validation.tooLong', labelIds: 'validation.invalid' });
  });

  it('shows server validation issues under the fields, in words, and no form message', () => {
    const err = new ApiError(400, 'Validation failed', { code: 'validation', issues: [{ path: ['email'], message: 'validation.email', code: 'invalid_format' }] });
    expect(formErrorsFrom(err, ['email', 'password'], t)).toEqual({ fields: { email: 'Enter a valid e-mail' }, form: null });
    const taken = new ApiError(422, 'Unprocessable', { issues: [{ path: ['title'], message: 'That title is taken here' }] });
    expect(formErrorsFrom(taken, ['title'], t)).toEqual({ fields: { title: 'That title is taken here' }, form: null });
  });

  it('puts a field-bound code under its field, in its code\'s short text', () => {
    const err = new ApiError(409, 'E-mail taken', { code: 'email_taken', field: 'email' });
    expect(formErrorsFrom(err, ['email', 'password', 'name'], t)).toEqual({ fields: { email: 'This e-mail is already registered' }, form: null });
    const weak = new ApiError(400, 'x', { code: 'weak_password', field: 'password', statusMessage: 'The password is too easy to guess. Choose a longer one.' });
    expect(formErrorsFrom(weak, ['password'], (key, o) => (key === 'errors.codes.weak_password' ? 'Too easy to guess' : (o.defaultValue ?? key))).fields).toEqual({ password: 'Too easy to guess' });
    const unknown = new ApiError(400, 'x', { code: 'no_such_code', field: 'password', statusMessage: 'Not like this' });
    expect(formErrorsFrom(unknown, ['password'], t).fields).toEqual({ password: 'Not like this' });
  });

  it('says on the form what no shown field can: an issue about another field, a code, no connection', () => {
    const hidden = new ApiError(400, 'Validation failed', { code: 'validation', issues: [{ path: ['title'], message: 'validation.tooLong' }, { path: ['parentId'], message: 'validation.required' }] });
    expect(formErrorsFrom(hidden, ['title'], t)).toEqual({ fields: { title: 'Too long' }, form: 'Required' });
    expect(formErrorsFrom(new ApiError(401, 'Invalid e-mail or password', { code: 'invalid_credentials' }), ['email'], t).form).toBe('Invalid e-mail or password');
    expect(formErrorsFrom(new ApiError(403, 'Forbidden', { code: 'forbidden' }), ['title'], t)).toEqual({ fields: {}, form: 'Not allowed' });
    expect(formErrorsFrom(new TypeError('Failed to fetch'), ['email'], t)).toEqual({ fields: {}, form: 'No connection' });
  });
});
