import { describe, expect, it } from 'vitest';
import { draftFor, fromRule, toRule } from './preset.ts';

describe('repeat presets', () => {
  it('take their defaults from the date', () => {
    // 2026-12-08 is the second Tuesday of December.
    expect(draftFor('2026-12-08')).toMatchObject({ weekday: 1, monthDay: 8, nth: 2, month: 12, days: [1] });
    expect(draftFor('2026-12-30').nth).toBe(-1);
  });

  it('write the rules the describer knows', () => {
    const d = draftFor('2026-12-08');
    expect(toRule({ ...d, preset: 'none' })).toBeNull();
    expect(toRule({ ...d, preset: 'daily' })).toBe('FREQ=DAILY');
    expect(toRule({ ...d, preset: 'weekdays' })).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    expect(toRule({ ...d, preset: 'weekly', interval: 2, days: [4, 0] })).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR');
    expect(toRule({ ...d, preset: 'monthlyDay' })).toBe('FREQ=MONTHLY;BYMONTHDAY=8');
    expect(toRule({ ...d, preset: 'monthlyNth' })).toBe('FREQ=MONTHLY;BYDAY=2TU');
    expect(toRule({ ...d, preset: 'yearly' })).toBe('FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=8');
    expect(toRule({ ...d, preset: 'custom', custom: ' FREQ=HOURLY ' })).toBe('FREQ=HOURLY');
  });

  it('read a stored rule back into its preset, or as custom text', () => {
    expect(fromRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR', '2026-12-08')).toMatchObject({ preset: 'weekly', interval: 2, days: [0, 4] });
    expect(fromRule('FREQ=MONTHLY;BYDAY=-1FR', '2026-12-08')).toMatchObject({ preset: 'monthlyNth', nth: -1, weekday: 4 });
    expect(fromRule('FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1', '2026-12-08')).toMatchObject({ preset: 'yearly', month: 3, monthDay: 1 });
    expect(fromRule('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-12-08').preset).toBe('weekdays');
    expect(fromRule('FREQ=DAILY;BYHOUR=9', '2026-12-08')).toMatchObject({ preset: 'custom', custom: 'FREQ=DAILY;BYHOUR=9' });
    expect(fromRule('nonsense', '2026-12-08')).toMatchObject({ preset: 'custom', custom: 'nonsense' });
    expect(fromRule(null, '2026-12-08').preset).toBe('none');
  });
});
