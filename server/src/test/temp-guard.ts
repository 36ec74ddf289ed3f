// Every test run gets a temp folder of its own: TMPDIR for vitest, its workers and every process
// they start. At the end nothing named tracker-* may be left in it (each test removes what it makes);
// the folder itself is removed either way. Listed first in each project's globalSetup, so its
// teardown runs after the project's own; counted, so the last project of a run does the check.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Each project may load this module apart: the run's state lives on the process.
const state = ((globalThis as { __trackerTempGuard?: { users: number; dir: string; outer: string | undefined } }).__trackerTempGuard ??= { users: 0, dir: '', outer: undefined });

export default function setup() {
  state.users += 1;
  if (state.users === 1) {
    state.outer = process.env.TMPDIR;
    state.dir = mkdtempSync(path.join(os.tmpdir(), 'tracker-run-'));
    process.env.TMPDIR = state.dir;
  }
  return () => {
    state.users -= 1;
    if (state.users > 0) return;
    const { dir } = state;
    if (state.outer === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = state.outer;
    const left = leftovers(dir);
    rmSync(dir, { recursive: true, force: true });
    if (left.length) throw new Error(`tests left temporary folders behind in ${dir}: ${left.join(', ')}`);
  };
}

/** Entries named tracker-* in `dir`: what a test made and did not remove. */
export function leftovers(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.startsWith('tracker-'));
}
