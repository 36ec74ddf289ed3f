// The bench's machinery on a tiny data set: the seed, the production server, sign-in through the
// API, the load generator in its own process for 2 s, and the ceiling. Every class of request must
// get answers and none may fail, so a bench run's errors are the server's, not the bench's.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The template database the integration run provides (its type comes with the global setup).
import type {} from '../server/src/test/global-setup.ts';
import { createTestDatabase } from '../server/src/test/harness.ts';
import { listCeiling } from './bench-ceiling.ts';
import { seedBenchData } from './bench-data.ts';
import { signedInUsers, startBenchServer, type BenchServer } from './bench-server.ts';
import { CLASSES, type PlanUser } from './load-mix.ts';
import { spawnLoad } from './load-spawn.ts';

let databaseUrl: string;
let server: BenchServer;
let users: PlanUser[];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracker-bench-test-'));

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  await seedBenchData(databaseUrl, { issues: 600, users: 12 });
  server = await startBenchServer(databaseUrl, dataDir);
  users = await signedInUsers(server.base, databaseUrl, [2, 3, 4, 5]);
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('bench', () => {
  it('seeds five projects in both languages, with people of every role and issues in every project', async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows: projects } = await db.query<{ key: string; issues: number; counter: number }>('select p.key, count(i.id)::int as issues, p.issue_counter as counter from projects p left join issues i on i.project_id = p.id group by p.id order by p.id');
      expect(projects.map((p) => p.key)).toEqual(['WEB', 'MOB', 'OPS', 'API', 'CRM']);
      for (const p of projects) expect([p.issues > 0, p.counter]).toEqual([true, p.issues]);
      const { rows: roles } = await db.query<{ role: string }>('select distinct role from project_members order by role');
      expect(roles.map((r) => r.role)).toEqual(['member', 'owner', 'viewer']);
      // Titles and descriptions in the project's language: Russian in WEB, MOB and CRM, English in OPS and API.
      const { rows: [mix] } = await db.query<{ ru: number; en: number; wrong: number; comments: number; labelled: number; due: number; statuses: number }>(
        `select count(*) filter (where i.title ~ '[а-яё]')::int as ru, count(*) filter (where p.key in ('OPS', 'API'))::int as en,
                count(*) filter (where (p.key in ('OPS', 'API')) = (i.title || i.description ~* '[а-яё]'))::int as wrong,
                (select count(*)::int from comments) as comments, (select count(distinct issue_id)::int from issue_labels) as labelled,
                count(i.due_date)::int as due, count(distinct i.status_id)::int as statuses
           from issues i join projects p on p.id = i.project_id`,
      );
      expect(mix!.wrong).toBe(0);
      expect(mix!.ru + mix!.en).toBe(600);
      expect(Math.min(mix!.ru, mix!.en, mix!.comments, mix!.labelled, mix!.due)).toBeGreaterThan(50);
      expect(mix!.statuses).toBe(30);
    } finally {
      await db.end();
    }
  });

  it('runs the mixed load in a child process: every class answered, no errors, compressed bodies checked', async () => {
    expect(users.every((u) => u.cookie.includes('=') && u.projects.some((p) => p.canWrite))).toBe(true);
    const phases: string[] = [];
    const result = await spawnLoad({ base: server.base, users, connections: 8, seconds: 2, warmup: 0.5 }, (phase) => phases.push(phase));
    expect(phases).toEqual(['measuring', 'done']);
    expect(result.errorSamples).toEqual([]);
    for (const cls of [...CLASSES, 'read', 'all'] as const) {
      expect(result.classes[cls].errors, cls).toBe(0);
      expect(result.classes[cls].p99, cls).toBeGreaterThanOrEqual(result.classes[cls].p50);
    }
    // A rare class may draw no request in a short window on a busy machine: it then runs alone until answered.
    for (const cls of CLASSES.filter((c) => !result.classes[c].requests)) {
      const alone = await spawnLoad({ base: server.base, users, connections: 2, seconds: 1, warmup: 0, only: cls });
      expect([cls, alone.classes[cls].requests > 0, alone.classes[cls].errors, alone.errorSamples]).toEqual([cls, true, 0, []]);
    }
    expect(result.classes.all.requests).toBe(CLASSES.reduce((n, c) => n + result.classes[c].requests, 0));
    expect(result.encodings.br).toBeGreaterThan(0);
    expect(result.validated).toBeGreaterThan(0);
  });

  it('measures the list query as prepared statements straight on pg', async () => {
    const ceiling = await listCeiling(databaseUrl, users, { connections: 4, seconds: 1, secret: 'b'.repeat(64) });
    expect(ceiling.statements).toBeGreaterThan(1);
    expect(ceiling.qps).toBeGreaterThan(0);
    expect(ceiling.slowest[0]!.path).toMatch(/^\/api\/issues\?/);
  });
});
