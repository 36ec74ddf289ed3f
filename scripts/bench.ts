// `npm run bench`: measures the budgets named in the issues and prints them as numbers.
// A benchmark, not a test: it reports figures and marks each against its budget.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort } from '../server/src/db/embedded.ts';
import { benchBrowser } from './bench-browser.ts';
import { benchTracker } from './bench-tracker.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'miniapp/dist');
const results: { name: string; value: number; unit: string; budget?: number; atLeast?: boolean }[] = [];
/** Prints a figure; with a budget, marks it (a ceiling, or a floor when `atLeast`). */
const report = (name: string, value: number, unit: string, budget?: number, atLeast = false) => {
  results.push({ name, value, unit, budget, atLeast });
  const ok = budget === undefined || (atLeast ? value >= budget : value <= budget);
  const mark = budget === undefined ? '' : `  ${ok ? '✓' : '✗ OUTSIDE BUDGET'} (${atLeast ? '≥' : '≤'} ${budget} ${unit})`;
  console.log(`${name}: ${value} ${unit}${mark}`);
};

if (!existsSync(path.join(dist, 'index.html')) || process.env.BENCH_BUILD) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@tracker/miniapp'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

// 1. JavaScript on first load of `/`: the entry and its static imports, not lazy page chunks.
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith('index.html')) ?? Object.keys(manifest).find((k) => manifest[k]?.isEntry);
const firstLoad = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || firstLoad.has(chunk.file)) return;
  firstLoad.add(chunk.file);
  for (const imp of chunk.imports ?? []) visit(imp);
};
if (entryKey) visit(entryKey);
// The page's language texts load before the first render (a separate chunk per language): `/` is Russian.
const ruTexts = Object.keys(manifest).find((k) => k.endsWith('shared/src/i18n/web-ru.ts'));
if (ruTexts) visit(ruTexts);
const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const firstLoadJs = [...firstLoad].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0);
report('first-load JS of / (gzip)', Math.round((firstLoadJs / 1024) * 10) / 10, 'KB', 120);

/** Each chunk of a set with its gzip size and share of the set, largest first (issue 27). */
function shares(title: string, files: Iterable<string>) {
  const sizes = [...files].filter((f) => f.endsWith('.js')).map((f) => ({ f, size: gz(f) })).sort((a, b) => b.size - a.size);
  const total = sizes.reduce((sum, c) => sum + c.size, 0);
  console.log(`  ${title}: ${sizes.map((c) => `${path.basename(c.f).replace(/-[\w-]{8}\.js$/, '')} ${(c.size / 1024).toFixed(1)} KB (${Math.round((c.size / total) * 100)} %)`).join(', ')}`);
}
shares('first load, by chunk', firstLoad);
// By package and app folder (miniapp/build/first-load-report.ts): the frameworks' floor and what is ours.
const reportFile = path.join(dist, 'first-load-report.json');
if (existsSync(reportFile)) {
  const owners = JSON.parse(readFileSync(reportFile, 'utf8')) as { owner: string; bytes: number }[];
  console.log(`  first load, by package: ${owners.slice(0, 14).map((o) => `${o.owner} ${(o.bytes / 1024).toFixed(1)} KB`).join(', ')}`);
}
// The list page's own chunks (what `/issues` adds to the first load): no zod among them (the light start).
const listKey = Object.keys(manifest).find((k) => k.endsWith('/pages/IssuesPage.tsx'));
if (listKey) {
  const listChunks = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || listChunks.has(chunk.file) || firstLoad.has(chunk.file)) return;
    listChunks.add(chunk.file);
    for (const imp of chunk.imports ?? []) add(imp);
  };
  add(listKey);
  shares('the issue list adds', listChunks);
}

const pageChunks = Object.entries(manifest).filter(([key, c]) => key.includes('/pages/') && c.file.endsWith('.js'));
const largestPage = pageChunks.map(([key, c]) => ({ key, size: gz(c.file) })).sort((a, b) => b.size - a.size)[0];
if (largestPage) report(`largest lazy page chunk (${path.basename(largestPage.key)}, gzip)`, Math.round((largestPage.size / 1024) * 10) / 10, 'KB', 60);

// 2. `npm start`: first start on an empty data folder, then a restart on the existing one.
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
      if (ok) return Math.round(performance.now() - started);
      if (performance.now() - started > 60_000) throw new Error('server did not start within 60 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracker-bench-'));
try {
  report('npm start, empty data folder → health ok', (await timeStart(dataDir)) / 1000, 's', 30);
  report('npm start, existing data folder → health ok', (await timeStart(dataDir)) / 1000, 's', 5);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// 3. The web app in a slowed-down browser on the demo workspace (bench-browser.ts).
if (!process.env.BENCH_SKIP_BROWSER) await benchBrowser(report);

// 4. The tracker under a mixed load on 100,000 issues, and the list query's ceiling (bench-tracker.ts).
await benchTracker(report);

const over = results.filter((r) => r.budget !== undefined && (r.atLeast ? r.value < r.budget : r.value > r.budget));
console.log(over.length ? `\n${over.length} figure(s) over budget` : '\nall figures within budget');
