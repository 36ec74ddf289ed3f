import { expect, it } from 'vitest';
import { ApiError } from '../../../lib/http.ts';
import { errorMessage } from './errors.ts';

const t = (key: string) => `t(${key})`;

it('says a failed call in words: its code translated, else the server text, else no connection', () => {
  expect(errorMessage(new ApiError(404, 'Not Found', { code: 'not_found' }), t)).toBe('t(errors.codes.not_found)');
  expect(errorMessage(new ApiError(502, 'Bad Gateway'), t)).toBe('Bad Gateway');
  expect(errorMessage(new ApiError(500, ''), t)).toBe('t(errors.network)');
  expect(errorMessage(new TypeError('Failed to fetch'), t)).toBe('t(errors.network)');
});

it('has no field to show a validation refusal under, so only a code other than validation counts', () => {
  const issues = [{ path: ['id'], message: 'validation.invalid' }];
  expect(errorMessage(new ApiError(400, 'Validation failed', { code: 'validation', issues }), t)).toBe('t(errors.network)');
  expect(errorMessage(new ApiError(409, 'Conflict', { code: 'field_type_locked', issues }), t)).toBe('t(errors.codes.field_type_locked)');
});
