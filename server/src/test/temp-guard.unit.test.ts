import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import setup from './temp-guard.ts';

describe('temp folder guard', () => {
  it('gives the run a temp folder of its own and removes it', () => {
    const outer = process.env.TMPDIR;
    const teardown = setup();
    const dir = os.tmpdir();
    expect(path.basename(dir)).toMatch(/^tracker-run-/);
    mkdirSync(path.join(dir, 'chromium-profile')); // not ours to police, removed with the folder
    teardown();
    expect(process.env.TMPDIR).toBe(outer);
    expect(existsSync(dir)).toBe(false);
  });

  it('fails the run when a test left a tracker-* folder behind', () => {
    const teardown = setup();
    const dir = os.tmpdir();
    mkdtempSync(path.join(dir, 'tracker-forgotten-'));
    expect(() => teardown()).toThrow(/left temporary folders behind.*tracker-forgotten-/);
    expect(existsSync(dir)).toBe(false);
  });
});
