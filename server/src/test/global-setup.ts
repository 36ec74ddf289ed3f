// One real PostgreSQL for the integration run; every test file clones a migrated template database.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { createOrm, migrate } from '../db/orm.ts';

export const TEMPLATE_DB = 'tracker_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplateUrl: string;
  }
}

export default async function setup(project: TestProject) {
  process.env.NODE_ENV = 'test';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tracker-it-'));
  const db = await startEmbeddedPostgres(dir, { database: TEMPLATE_DB, throwaway: true });
  const orm = await createOrm(db.url);
  await migrate(orm);
  await orm.close(true);
  project.provide('pgTemplateUrl', db.url);
  return async () => {
    await db.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
}
