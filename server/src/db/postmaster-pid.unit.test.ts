// A lock file left by a postmaster killed with kill -9, whose pid another program now has.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearStalePostmasterPid, postmasterPid } from './postmaster-pid.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function lockFile(pid: number, shm = '  5432001  999999999') {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tracker-pidfile-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'postmaster.pid'), `${pid}\n${dir}\n1700000000\n45678\n/tmp\n127.0.0.1\n${shm}\nready   \n`);
  return dir;
}

describe('postmaster.pid', () => {
  it('reads the port, and sees that a recycled pid is not a postmaster', () => {
    // This test's own pid: alive, but node, not postgres.
    const dir = lockFile(process.pid);
    expect(postmasterPid(dir)).toMatchObject({ pid: process.pid, port: 45678, running: process.platform !== 'linux' });
  });

  it.runIf(process.platform === 'linux')('removes a lock file whose pid another program has, when no backend holds its memory', () => {
    const dir = lockFile(process.pid);
    expect(clearStalePostmasterPid(dir)).toBe(true);
    expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
  });

  it('leaves a dead pid to PostgreSQL, which checks the shared memory itself', () => {
    const dir = lockFile(2 ** 22 + 1); // above Linux's pid_max
    expect(postmasterPid(dir)?.running).toBe(false);
    expect(clearStalePostmasterPid(dir)).toBe(false);
    expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(true);
  });
});
