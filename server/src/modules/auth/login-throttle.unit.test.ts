import { LOGIN_THROTTLE } from '@tracker/shared/limits';
import { describe, expect, it } from 'vitest';
import { translate } from '../mail/i18n.ts';
import { delayAfter } from './login-throttle.ts';

describe('sign-in delays', () => {
  it('are free up to the allowance, then double from the base up to the cap', () => {
    const p = LOGIN_THROTTLE.accountIp;
    expect(delayAfter(p.free - 1, p)).toBe(0);
    expect([p.free, p.free + 1, p.free + 2].map((n) => delayAfter(n, p))).toEqual([p.baseDelaySec, p.baseDelaySec * 2, p.baseDelaySec * 4]);
    expect(delayAfter(p.free + 60, p)).toBe(p.maxDelaySec);
  });

  it('are told in the reader language with the right plural', () => {
    expect(translate('ru', 'auth.throttled', { count: 1 })).toContain('через 1 секунду;');
    expect(translate('ru', 'auth.throttled', { count: 2 })).toContain('через 2 секунды;');
    expect(translate('ru', 'auth.throttled', { count: 5 })).toContain('через 5 секунд;');
    expect(translate('ru', 'auth.throttled', { count: 21 })).toContain('через 21 секунду;');
    expect(translate('en', 'auth.throttled', { count: 1 })).toContain('in 1 second;');
    expect(translate('en', 'auth.throttled', { count: 64 })).toContain('in 64 seconds;');
  });
});
