import { describe, expect, it } from 'vitest';
import { conflict, DomainError, fieldError, notFound, NOT_FOUND_SUBJECTS } from './domain-errors.ts';
import { resources } from './i18n/index.ts';

describe('domain errors', () => {
  it('every missing thing has its text in both languages', () => {
    for (const subject of NOT_FOUND_SUBJECTS) {
      expect(notFound(subject).key).toBe(`errors.notFound.${subject}`);
      expect(resources.ru.errors.notFound, subject).toHaveProperty(subject);
      expect(resources.en.errors.notFound, subject).toHaveProperty(subject);
    }
  });

  it('a kind without a code of its own takes the generic one, and its text by default', () => {
    expect(notFound()).toMatchObject({ kind: 'not_found', code: 'not_found', key: 'errors.codes.not_found' });
    expect(conflict('key_taken', 'key')).toMatchObject({ kind: 'conflict', code: 'key_taken', key: 'errors.codes.key_taken', data: { field: 'key' } });
    expect(fieldError('a.b', 'validation.invalid')).toMatchObject({ kind: 'invalid', code: 'validation', data: { issues: [{ path: ['a', 'b'], message: 'validation.invalid', code: 'custom' }] } });
    expect(notFound()).toBeInstanceOf(DomainError);
  });
});
