// `npm start`: build the web app when it is missing or older than its sources, then run the server
// in this same process (package.json `exec`s it, so npm's forwarded SIGINT/SIGTERM reach it).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

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
// A WEB_DIST elsewhere is someone else's build: serve it as it is.
const ownBuild = !process.env.WEB_DIST || path.resolve(root, process.env.WEB_DIST) === path.dirname(builtIndex);
if (ownBuild && (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourceTime)) {
  console.log('Building the web app…');
  const build = spawn('npm', ['run', 'build', '-w', '@tracker/miniapp'], { cwd: root, stdio: 'inherit' });
  // A stop during the build stops the build too, instead of leaving it running without us.
  const forward = (signal: NodeJS.Signals) => build.kill(signal);
  process.on('SIGINT', forward).on('SIGTERM', forward);
  const [code, signal] = (await once(build, 'exit')) as [number | null, NodeJS.Signals | null];
  process.off('SIGINT', forward).off('SIGTERM', forward);
  if (signal) process.kill(process.pid, signal);
  if (code !== 0) process.exit(code ?? 1);
}

await import('../server/src/main.ts');
