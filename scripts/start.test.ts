// `npm start` as a user runs it, stopped the two ways users stop it: Ctrl-C in the terminal (SIGINT to
// the whole foreground process group, PostgreSQL included) and SIGTERM to the npm process (a service
// manager, `kill`). Nothing may stay behind, and nothing may print a stack trace.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../server/src/db/embedded.ts';
import { waitUntil } from '../server/src/test/wait-until.ts';

const root = path.resolve(import.meta.dirname, '..');
const groups: number[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const group of groups) if (processesIn(group).length) process.kill(-group, 'SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Live processes of a process group (`ps`, since children re-parented to init leave no other trace). */
function processesIn(group: number): string[] {
  const out = execFileSync('ps', ['-eo', 'pgid=,stat=,args='], { encoding: 'utf8' });
  return out.split('\n').filter((line) => {
    const [pgid, stat] = line.trim().split(/\s+/);
    return Number(pgid) === group && !stat!.startsWith('Z');
  });
}

interface Proc {
  pid: number;
  ppid: number;
  pgid: number;
  args: string;
}

/** Every live process. */
function processes(): Proc[] {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,pgid=,stat=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length >= 5 && !f[3]!.startsWith('Z'))
    .map(([pid, ppid, pgid, , ...args]) => ({ pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), args: args.join(' ') }));
}

/** The processes started under `pid`, children of children included. */
function descendants(pid: number): Proc[] {
  const all = processes();
  const found: Proc[] = [];
  for (let parents = [pid]; parents.length; ) {
    const children = all.filter((p) => parents.includes(p.ppid));
    found.push(...children);
    parents = children.map((p) => p.pid);
  }
  return found;
}

const until = <T>(what: string, check: () => T | Promise<T>, timeout: number): Promise<T> => waitUntil(what, check, { timeout, interval: 100 });

async function runAndStop(stop: (npmPid: number) => void) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracker-start-'));
  dirs.push(dataDir);
  const port = await freePort();
  // A web build of its own (a WEB_DIST with files is served as it is): no build before the server.
  const web = path.join(dataDir, 'web');
  mkdirSync(web);
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Tracker</title>');
  // Its own process group, like a shell job: the group is what a terminal's Ctrl-C signals.
  const npm = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', WEB_DIST: web },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  groups.push(npm.pid!);
  let output = '';
  npm.stdout.on('data', (d) => (output += d));
  npm.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));
  await until('/api/health', () => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false), 60_000);
  expect(processesIn(npm.pid!).some((line) => line.includes('bin/postgres'))).toBe(true);

  stop(npm.pid!);
  const code = await exited;
  await until('every process of the group to end', () => processesIn(npm.pid!).length === 0, 20_000).catch(() => {
    throw new Error(`left running:\n${processesIn(npm.pid!).join('\n')}\n${output}`);
  });
  expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  // Development logs are readable lines: a warning, an error or a stack would show as one.
  expect(output).not.toMatch(/\b(WARN|ERROR|FATAL)\b|"stack"|^\s+at /m);
  return { code, output };
}

describe('npm start stops cleanly', () => {
  it('on SIGTERM to the npm process: node and PostgreSQL exit, nothing is orphaned', async () => {
    const { code, output } = await runAndStop((pid) => process.kill(pid, 'SIGTERM'));
    expect(output).toMatch(/stopped/);
    expect(output).not.toMatch(/^\s+at /m);
    expect(code).toBe(0);
  }, 90_000);

  it('on SIGTERM during the first web build: the build and every process it started end too', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracker-start-'));
    dirs.push(dataDir);
    // An empty WEB_DIST is built into: the shared miniapp/dist stays as it is.
    const npm = spawn('npm', ['start'], {
      cwd: root,
      detached: true,
      env: { ...process.env, NODE_ENV: 'development', PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST: path.join(dataDir, 'web') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    groups.push(npm.pid!);
    let output = '';
    npm.stdout.on('data', (d) => (output += d));
    npm.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));
    // Vite itself is running (not just npm about to start it): the processes a stop could orphan.
    const build = (await until('vite build to run', () => {
      const tree = descendants(npm.pid!);
      return tree.some((p) => /vite(\.js)? build/.test(p.args)) ? tree : null;
    }, 60_000))!;
    for (const p of build) groups.push(p.pgid);

    process.kill(npm.pid!, 'SIGTERM');
    const code = await exited;
    const survivors = () => processes().filter((p) => build.some((b) => b.pid === p.pid) || build.some((b) => b.pgid === p.pgid));
    await until('every process of the build to end', () => survivors().length === 0, 20_000).catch(() => {
      throw new Error(`left running:\n${survivors().map((p) => p.args).join('\n')}\n${output}`);
    });
    expect(output).not.toMatch(/^\s+at /m);
    expect(code).toBe(0);
  }, 90_000);

  it('on Ctrl-C (SIGINT to the process group): no lost-connection warning, no stack trace', async () => {
    const { output } = await runAndStop((pid) => process.kill(-pid, 'SIGINT'));
    expect(output).toMatch(/stopped/);
    expect(output).not.toMatch(/LISTEN connection lost/);
    expect(output).not.toMatch(/^\s+at /m);
  }, 90_000);
});
