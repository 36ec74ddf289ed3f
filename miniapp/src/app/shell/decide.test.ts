import { describe, expect, it } from 'vitest';
import { decideAppShell } from './decide.ts';

const base = { telegram: false, standalone: false, signedIn: false, narrow: false };

describe('app shell decision', () => {
  it('is the shell inside Telegram and in an installed PWA, signed in or not', () => {
    expect(decideAppShell({ ...base, telegram: true })).toBe(true);
    expect(decideAppShell({ ...base, standalone: true })).toBe(true);
  });
  it('is the shell for a signed-in user on a narrow screen only', () => {
    expect(decideAppShell({ ...base, signedIn: true, narrow: true })).toBe(true);
    expect(decideAppShell({ ...base, narrow: true })).toBe(false);
    expect(decideAppShell({ ...base, signedIn: true })).toBe(false);
    expect(decideAppShell(base)).toBe(false);
  });
});
