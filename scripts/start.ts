// `npm start`: build the web app when it is missing or older than its sources, then run the server
// in this same process (package.json `exec`s it, so npm's forwarded SIGINT/SIGTERM reach it).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'miniapp/dist/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['miniapp/src', 'miniapp/public', 'miniapp/index.html', 'miniapp/vite.config.ts', 'shared/src'].map((p) => path.join(root, p)).filter(existsSync);
const sourceTime = Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)));
const dist = path.resolve(root, process.env.WEB_DIST ?? 'miniapp/dist');
const ownBuild = dist === path.dirname(builtIndex);
// A WEB_DIST elsewhere with files in it is someone else's build: served as it is. An empty or missing
// one is built into (never a folder with files: the build empties its output folder first).
const emptyDist = !existsSync(dist) || readdirSync(dist).length === 0;
if (emptyDist || (ownBuild && (statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0) < sourceTime)) {
  console.log('Building the web app…');
  const outDir = ownBuild ? [] : ['--', '--outDir', dist];
  // Its own process group: npm, its shell, vite and vite's helpers can then be stopped as one. A
  // signal to npm alone was not passed on, and vite went on building after we had exited.
  const build = spawn('npm', ['run', 'build', '-w', '@tracker/miniapp', ...outDir], { cwd: root, stdio: 'inherit', detached: true });
  let stopping = false;
  const forward = (signal: NodeJS.Signals) => {
    stopping = true;
    signalGroup(build.pid!, signal);
  };
  process.on('SIGINT', forward).on('SIGTERM', forward);
  const [code] = (await once(build, 'exit')) as [number | null];
  if (stopping) {
    // npm may exit before the processes it started: stop only once the whole build has.
    await groupEnded(build.pid!);
    console.log('Stopped during the web build.');
    process.exit(0);
  }
  process.off('SIGINT', forward).off('SIGTERM', forward);
  if (code !== 0) process.exit(code ?? 1);
}

function signalGroup(group: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    return false;
  }
}

/** Waits for every process of the group to exit; one still running after 10 s is killed. */
async function groupEnded(group: number): Promise<void> {
  for (let waited = 0; signalGroup(group, 0); waited += 50) {
    if (waited === 10_000) signalGroup(group, 'SIGKILL');
    // Zombies nobody reaps (a container without an init) still answer: give up on those.
    if (waited >= 12_000) return;
    await sleep(50);
  }
}

await import('../server/src/main.ts');
