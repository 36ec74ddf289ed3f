import { describe, expect, it } from 'vitest';
import { inQuietHours, isTimeZone, localMinutes } from './quiet-hours.ts';

describe('quiet hours', () => {
  const at = (iso: string) => new Date(iso);
  it('reads the local time in the zone', () => {
    expect(localMinutes(at('2026-11-25T20:30:00Z'), 'Europe/Moscow')).toBe(23 * 60 + 30);
  });
  it('wraps midnight', () => {
    const quiet = { from: 22 * 60, to: 8 * 60, timeZone: 'Europe/Moscow' };
    expect(inQuietHours(quiet, at('2026-11-25T20:30:00Z'))).toBe(true); // 23:30 MSK
    expect(inQuietHours(quiet, at('2026-11-25T03:00:00Z'))).toBe(true); // 06:00
    expect(inQuietHours(quiet, at('2026-11-25T09:00:00Z'))).toBe(false); // 12:00
  });
  it('a daytime window, and none when unset', () => {
    expect(inQuietHours({ from: 13 * 60, to: 14 * 60, timeZone: 'UTC' }, at('2026-11-25T13:15:00Z'))).toBe(true);
    expect(inQuietHours({ from: null, to: null, timeZone: 'UTC' }, at('2026-11-25T13:15:00Z'))).toBe(false);
  });
  it('checks time zone names', () => {
    expect(isTimeZone('Asia/Yekaterinburg')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
