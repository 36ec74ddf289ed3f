import { describe, expect, it } from 'vitest';
import { checkValue, isEmptyValue } from './value-check.ts';

const options = new Set([10, 11, 12]);
const ok = (type: string, value: unknown) => checkValue(type, value, options);

describe('checkValue', () => {
  it.each([
    ['text', 'hello', 'hello'],
    ['text', 'x'.repeat(10_000), 'x'.repeat(10_000)],
    ['number', 0, 0],
    ['number', -3.25, -3.25],
    ['date', '2024-02-29', '2024-02-29'],
    ['checkbox', false, false],
    ['checkbox', true, true],
    ['url', 'https://example.com/a?b=c', 'https://example.com/a?b=c'],
    ['url', 'http://localhost:3000', 'http://localhost:3000'],
    ['user', 7, 7],
    ['select', 11, 11],
    ['multiselect', [12, 10, 12, 10], [12, 10]],
  ])('accepts %s %j', (type, value, stored) => {
    expect(ok(type, value)).toEqual({ ok: true, value: stored });
  });

  it.each([
    ['text', 5],
    ['text', 'x'.repeat(10_001)],
    ['number', '5'],
    ['number', Number.NaN],
    ['number', Number.POSITIVE_INFINITY],
    ['number', 1e16],
    ['date', '2023-02-29'],
    ['date', '2024-13-01'],
    ['date', '01.02.2024'],
    ['date', '2024-01-01T00:00:00Z'],
    ['checkbox', 'true'],
    ['checkbox', 1],
    ['url', 'javascript:alert(1)'],
    ['url', 'ftp://example.com'],
    ['url', 'example.com'],
    ['url', `https://e.com/${'a'.repeat(2000)}`],
    ['user', 0],
    ['user', 1.5],
    ['user', '7'],
    ['select', 99],
    ['select', '10'],
    ['select', [10]],
    ['multiselect', 10],
    ['multiselect', [10, 99]],
    ['multiselect', ['10']],
    ['multiselect', Array.from({ length: 201 }, () => 10)],
    ['unknown-type', 'x'],
  ])('refuses %s %j', (type, value) => {
    expect(ok(type, value)).toEqual({ ok: false });
  });
});

describe('isEmptyValue', () => {
  it('treats null, blanks and empty lists as no value, but not false or 0', () => {
    for (const v of [null, undefined, '', '   ', []]) expect(isEmptyValue(v)).toBe(true);
    for (const v of [false, 0, 'a', [1]]) expect(isEmptyValue(v)).toBe(false);
  });
});
