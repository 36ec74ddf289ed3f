// `npm run seed:demo` (a demo workspace) or `npm run seed:demo -- --issues 100000` (the benchmark data set);
// `-- --reset` erases the database's data first.
import { parseArgs } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig } from '../config.ts';
import { connectEmbeddedPostgres } from '../db/embedded.ts';
import { createOrm, migrate } from '../db/orm.ts';
import { eraseWorkspace, seedDemo, WorkspaceNotEmptyError } from '../seed/demo.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed/demo-data.ts';

const { values } = parseArgs({ options: { issues: { type: 'string', default: '300' }, reset: { type: 'boolean', default: false } } });
const issues = Number(values.issues);
if (!Number.isInteger(issues) || issues < 0 || issues > 1_000_000) {
  console.error('--issues must be a whole number from 0 to 1000000');
  process.exit(2);
}

const config = loadConfig();
const embedded = config.DATABASE_URL ? null : await connectEmbeddedPostgres(config.DATA_DIR);
const orm = await createOrm(config.DATABASE_URL ?? embedded!.url, { poolMax: 2 });
try {
  await migrate(orm);
  const started = performance.now();
  if (values.reset) {
    await eraseWorkspace(orm.em.fork() as unknown as EntityManager);
    console.log('Erased every user, project and issue.');
  }
  const result = await seedDemo(orm.em.fork() as unknown as EntityManager, { issues });
  console.log(`Demo workspace: ${result.users} users, ${result.issues} issues in ${Math.round(performance.now() - started)} ms.`);
  console.log(`Sign in as ${DEMO_USERS[0].email} (admin) or any other demo user, password "${DEMO_PASSWORD}".`);
} catch (err) {
  console.error((err as Error).message);
  if (err instanceof WorkspaceNotEmptyError) {
    console.error('To replace everything in it with the demo, run: npm run seed:demo -- --reset (this erases all users, projects and issues).');
  }
  process.exitCode = 1;
} finally {
  await orm.close(true);
  await embedded?.stop();
}
