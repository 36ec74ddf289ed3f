import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startEmbeddedPostgres } from '/work/main/server/src/db/embedded.ts';
import { createOrm, migrate } from '/work/main/server/src/db/orm.ts';
import { seedDemo } from '/work/main/server/src/seed/demo.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '/work/main/server/src/seed/demo-data.ts';
import { startBenchServer } from '/work/main/scripts/bench-server.ts';
const dir = mkdtempSync(path.join(os.tmpdir(), 'lh-'));
const db = await startEmbeddedPostgres(dir);
const orm = await createOrm(db.url, { poolMax: 2 });
await migrate(orm);
await seedDemo(orm.em.fork() as any, { issues: 2000 });
await orm.close(true);
const server = await startBenchServer(db.url, dir);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const c = await b.newContext({ baseURL: server.base, viewport: { width: 412, height: 823 } });
const login = await c.request.post('/api/auth/login', { data: { email: DEMO_USERS[0].email, password: DEMO_PASSWORD }, headers: { origin: server.base, 'sec-fetch-site': 'same-origin' } });
console.log('login', login.status());
for (let run = 0; run < 2; run++) {
  const page = await c.newPage();
  const cdp = await c.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto('/en/issues');
  await page.locator('html[data-sync="live"]').waitFor({ state: 'attached', timeout: 60000 });
  await page.waitForLoadState('networkidle');
  const { profile } = await cdp.send('Profiler.stop');
  console.log('run', run, 'ms', Date.now() - t0);
  console.log(await page.evaluate(`performance.getEntriesByType('resource').filter(e=>e.name.endsWith('.js')).map(e=>e.name.split('/').pop()+'@'+Math.round(e.startTime)).join(' ')`));
  const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
  const self = new Map<string, number>();
  const dt = profile.timeDeltas as number[];
  profile.samples.forEach((id: number, i: number) => {
    const n: any = byId.get(id);
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 30);
  for (const [k, v] of top) console.log(v.toFixed(0).padStart(6), k);
  // inclusive time per top-level-ish function: walk parents
  const parent = new Map<number, number>();
  for (const n of profile.nodes as any[]) for (const ch of n.children ?? []) parent.set(ch, n.id);
  const incl = new Map<string, number>();
  profile.samples.forEach((id: number, i: number) => {
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n: any = byId.get(cur);
      const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
      if (seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
    }
  });
  console.log('--- inclusive');
  for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log(v.toFixed(0).padStart(6), k);
  await page.close();
  break;
}
await b.close();
await server.close();
await db.stop();
