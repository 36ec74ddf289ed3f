import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resources } from '../i18n/index.ts';
import { dateOnly, dateTime, id, idListParam, idParam, INT4_MAX, jsonValue, text, validationKey } from './fields.ts';

const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value, { error: validationKey }).error?.issues.map((i) => i.message) ?? [];

describe('field builders', () => {
  it('refuse NUL in text, and keep the string methods', () => {
    expect(messages(text(), 'a\u0000b')).toEqual(['validation.invalidCharacter']);
    expect(text().trim().min(1).parse('  x  ')).toBe('x');
  });

  it('bound ids to int4, from JSON and from text', () => {
    expect(id().parse(INT4_MAX)).toBe(INT4_MAX);
    expect(messages(id(), INT4_MAX + 1)).toEqual(['validation.max']);
    expect(messages(id(), 0)).toEqual(['validation.min']);
    expect(idParam().parse('42')).toBe(42);
    expect(messages(idParam(), '2147483648')).toEqual(['validation.max']);
    expect(idListParam().parse('1,2')).toBe('1,2');
    expect(messages(idListParam(), '1,2147483648')).toEqual(['validation.max']);
  });

  it('bound dates to the years 1900–9999', () => {
    expect(dateOnly().parse('2024-02-29')).toBe('2024-02-29');
    expect(messages(dateOnly(), '0000-01-01')).toEqual(['validation.dateRange']);
    expect(messages(dateOnly(), '1899-12-31')).toEqual(['validation.dateRange']);
    expect(dateTime().parse('9999-12-31T23:59:59+03:00')).toBeTruthy();
    expect(messages(dateTime(), '0000-01-01T00:00:00Z')).toEqual(['validation.dateRange']);
  });

  it('refuse NUL anywhere in a JSON value', () => {
    expect(jsonValue().parse({ a: ['x', { b: 1 }] })).toEqual({ a: ['x', { b: 1 }] });
    expect(messages(jsonValue(), { a: ['x\u0000'] })).toEqual(['validation.invalidCharacter']);
    expect(messages(jsonValue(), { ['k\u0000']: 1 })).toEqual(['validation.invalidCharacter']);
  });
});

describe('validationKey', () => {
  const schema = z.object({ name: z.string().max(3), tags: z.array(z.string()).min(1).max(1), n: z.number().min(2), d: z.iso.date() }).strict();

  it('turns every zod issue without a message into a validation key that both languages translate', () => {
    const keys = messages(schema, { name: 'long', tags: ['a', 'b'], n: 1, d: 'x', extra: 1 });
    expect(keys.sort()).toEqual(['validation.date', 'validation.min', 'validation.tooLong', 'validation.tooMany', 'validation.unknownField']);
    expect(messages(schema, {}).every((k) => k === 'validation.required')).toBe(true);
    for (const key of [...keys, 'validation.required', 'validation.invalid', 'validation.max', 'validation.tooShort', 'validation.invalidCharacter', 'validation.dateRange', 'validation.body']) {
      const name = key.replace('validation.', '') as keyof (typeof resources)['en']['validation'];
      expect(resources.en.validation[name], key).toEqual(expect.any(String));
      expect(resources.ru.validation[name], key).toEqual(expect.any(String));
    }
  });

  it('leaves a message the schema names', () => {
    expect(messages(z.string().min(1, 'validation.projectKey'), '')).toEqual(['validation.projectKey']);
  });
});
