import { describe, expect, it } from 'vitest';
import { iso } from './sql.ts';

// The reference: what iso() gave before its text fast path, through a Date.
const viaDate = (text: string) => new Date(text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();

describe('iso', () => {
  it.each([
    '2026-11-25 10:11:12.123456+00',
    '2026-11-25 10:11:12.1+00',
    '2026-11-25 10:11:12.999999+00',
    '2026-11-25 10:11:12+00',
    '2024-02-29 23:59:59.5+00',
  ])('rewrites UTC text %s exactly as a Date would', (text) => {
    expect(iso(text)).toBe(viaDate(text));
  });

  it('still converts other offsets and Dates through a Date', () => {
    expect(iso('2026-11-25 13:11:12.5+03')).toBe('2026-11-25T10:11:12.500Z');
    expect(iso(new Date(Date.UTC(2026, 10, 25, 10, 11, 12, 7)))).toBe('2026-11-25T10:11:12.007Z');
    expect(iso(null)).toBeNull();
  });
});
