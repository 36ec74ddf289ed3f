// The lint config must keep enforcing the import boundaries of docs/architecture.md: each sample is
// linted in memory as if it sat at a real path of the tree, with the real eslint.config.js.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The rules that report an error on `code` placed at `filePath` (null for a directive problem). */
async function errors(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  const messages = result!.messages.filter((m) => m.severity === 2);
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages.map((m) => m.ruleId);
}

const RESTRICTED = 'import-x/no-restricted-paths';

describe('lint boundaries', { timeout: 60_000 }, () => {
  it('a feature imports no other feature, not even through its index.ts or its stylesheet', async () => {
    const at = 'miniapp/src/features/streams/probe.ts';
    expect(await errors(at, "export { ProjectForm } from '../projects/components/ProjectForm.tsx';\n")).toContain(RESTRICTED);
    expect(await errors(at, "export { TriageList } from '../projects/index.ts';\n")).toContain(RESTRICTED);
    expect(await errors(at, "export { SignOutButton } from '../auth/index.ts';\n")).toContain(RESTRICTED);
    expect(await errors(at, "export const load = () => import('../issues/index.ts');\n")).toContain(RESTRICTED);
    expect(await errors('miniapp/src/features/issues/pages/Probe.tsx', "import '../../time/time.css';\n")).toContain(RESTRICTED);
    // What features share sits below them, and app/ composes them.
    expect(await errors(at, "export { streamsApi } from './api.ts';\n")).toEqual([]);
    expect(await errors(at, "export { RecordPage } from '../../components/RecordPage.tsx';\n")).toEqual([]);
    expect(await errors(at, "export { signedIn } from '../../lib/auth.ts';\n")).toEqual([]);
    expect(await errors('miniapp/src/app/routes/Probe.tsx', "export { TimeSection } from '../../features/time/index.ts';\n")).toEqual([]);
  });

  it('a screen never calls the network: api modules do, read through useQuery or the store', async () => {
    const call = "import { api } from '../../../lib/api-client.ts';\nexport const f = api;\n";
    const raw = "import { http } from '../../../lib/http.ts';\nexport const f = http;\n";
    expect(await errors('miniapp/src/features/issues/pages/Probe.tsx', call)).toContain(RESTRICTED);
    expect(await errors('miniapp/src/features/issues/pages/Probe.tsx', raw)).toContain(RESTRICTED);
    expect(await errors('miniapp/src/components/Probe.tsx', "import { api } from '../lib/api-client.ts';\nexport const f = api;\n")).toContain(RESTRICTED);
    expect(await errors('miniapp/src/features/issues/probe-api.ts', "import { api } from '../../lib/api-client.ts';\nexport const f = api;\n")).toEqual([]);
  });

  it('components, lib and platform import no feature and not the app shell', async () => {
    for (const dir of ['components', 'lib', 'platform']) {
      const at = `miniapp/src/${dir}/probe.ts`;
      expect(await errors(at, "export { auth } from '../features/auth/index.ts';\n"), dir).toContain(RESTRICTED);
      expect(await errors(at, "export { decideAccess } from '../app/access.ts';\n"), dir).toContain(RESTRICTED);
    }
    expect(await errors('miniapp/src/features/auth/probe.ts', "export { decideAccess } from '../../app/access.ts';\n")).toContain(RESTRICTED);
  });

  it('the client store sits below features and app/, above lib/ and platform/', async () => {
    expect(await errors('miniapp/src/lib/probe.ts', "export { syncState } from '../store/index.ts';\n")).toContain(RESTRICTED);
    expect(await errors('miniapp/src/platform/probe.ts', "export { syncState } from '../store/index.ts';\n")).toContain(RESTRICTED);
    expect(await errors('miniapp/src/store/probe.ts', "export { auth } from '../features/auth/index.ts';\n")).toContain(RESTRICTED);
    expect(await errors('miniapp/src/store/probe.ts', "export { decideAccess } from '../app/access.ts';\n")).toContain(RESTRICTED);
    expect(await errors('miniapp/src/store/probe.ts', "export { http } from '../lib/http.ts';\n")).toEqual([]);
    expect(await errors('miniapp/src/features/issues/probe.ts', "export { syncState } from '../../store/index.ts';\n")).toEqual([]);
  });

  it('only lib/ turns a failed call into words: no `instanceof ApiError` or `.statusMessage` elsewhere in the web app', async () => {
    const SYNTAX = 'no-restricted-syntax';
    const probe = (http: string) => `import { ApiError } from '${http}';\nexport const f = (e: unknown) => (e instanceof ApiError ? e.status : 0);\n`;
    const words = 'export const f = (e: { statusMessage: string }) => e.statusMessage;\n';
    expect(await errors('miniapp/src/features/issues/probe.ts', probe('../../lib/http.ts'))).toContain(SYNTAX);
    expect(await errors('miniapp/src/components/probe.tsx', probe('../lib/http.ts'))).toContain(SYNTAX);
    expect(await errors('miniapp/src/app/probe.ts', words)).toContain(SYNTAX);
    expect(await errors('miniapp/src/lib/probe.ts', probe('./http.ts'))).toEqual([]);
    expect(await errors('miniapp/src/lib/probe.ts', words)).toEqual([]);
  });

  it('one confirmation: only ConfirmHost loads the dialog, every other place asks confirmAction', async () => {
    const lazy = (from: string) => `import { lazy } from 'react';\nexport const D = lazy(() => import('${from}'));\n`;
    expect(await errors('miniapp/src/features/projects/probe.tsx', "export { default } from '../../components/ConfirmDialog.tsx';\n")).toContain('no-restricted-imports');
    expect(await errors('miniapp/src/components/probe.tsx', "import ConfirmDialog from './ConfirmDialog';\nexport const D = ConfirmDialog;\n")).toContain('no-restricted-imports');
    expect(await errors('miniapp/src/app/probe.tsx', lazy('../components/ConfirmDialog.tsx'))).toContain('no-restricted-syntax');
    expect(await errors('miniapp/src/components/ConfirmHost.tsx', lazy('./ConfirmDialog.tsx'))).toEqual([]);
    expect(await errors('miniapp/src/features/account-dialogs/probe.tsx', lazy('./PhoneConfirmDialog.tsx'))).toEqual([]);
    expect(await errors('miniapp/src/features/issues/probe.ts', "export { confirmAction } from '../../platform/confirm.ts';\n")).toEqual([]);
  });

  it('server http/ and db/ import no module; their tests may', async () => {
    const entity = "import type { User } from '../modules/users/user.entity.ts';\nexport type U = User;\n";
    expect(await errors('server/src/http/probe.ts', entity)).toContain(RESTRICTED);
    expect(await errors('server/src/db/probe.ts', entity)).toContain(RESTRICTED);
    expect(await errors('server/src/db/probe.test.ts', entity)).toEqual([]);
  });

  it('route files hold no SQL, the health check included; repositories do', async () => {
    const SQL = 'no-restricted-syntax';
    const route = 'server/src/modules/issues/probe.routes.ts';
    const em = "import type { EntityManager } from '@mikro-orm/postgresql';\nexport const f = (em: EntityManager) => ";
    expect(await errors(route, `${em}em.execute('select 1 from issues where id = ?', [1]);\n`)).toContain(SQL);
    expect(await errors(route, `${em}em.getConnection().execute('select 1');\n`)).toContain(SQL);
    expect(await errors(route, `${em}em.createQueryBuilder('Issue').where({ id: 1 });\n`)).toContain(SQL);
    expect(await errors(route, `${em}em.raw('now()');\n`)).toContain(SQL);
    expect(await errors(route, "declare const execute: (sql: string) => void;\nexecute('delete from issues');\n")).toContain(SQL);
    expect(await errors(route, `${em}em.fork();\n`)).toEqual([]);
    expect(await errors('server/src/modules/issues/probe.repository.ts', `${em}em.execute('select 1 from issues where id = ?', [1]);\n`)).toEqual([]);
    expect(await errors('server/src/modules/health/health.routes.ts', `${em}em.getConnection().execute('select 1');\n`)).toContain(SQL);
  });

  it('"open to the whole workspace" is asked of project-access.ts, never spelt again, in TypeScript or SQL', async () => {
    for (const at of ['server/src/modules/telegram/probe.ts', 'server/src/modules/telegram/probe.routes.ts']) {
      expect(await errors(at, "export const open = (p: { visibility: string }) => p.visibility === 'all';\n"), at).toContain('no-restricted-syntax');
      expect(await errors(at, "export const sql = \"select 1 from projects p where p.visibility = 'all'\";\n"), at).toContain('no-restricted-syntax');
      expect(await errors(at, "export const sql = (a: string) => `${a}.visibility = 'all'`;\n"), at).toContain('no-restricted-syntax');
      expect(await errors(at, "import { openToWorkspace } from '../projects/project-access.ts';\nexport const open = (p: { visibility: string }) => openToWorkspace(p);\n"), at).toEqual([]);
    }
  });

  it('a route file registers API routes from their declarations only (route()), never on the router by hand', async () => {
    const at = 'server/src/modules/issues/probe.routes.ts';
    expect(await errors(at, "import Router from '@koa/router';\nconst router = new Router();\nrouter.get('/api/x', (ctx) => void (ctx.body = 1));\n")).toContain('no-restricted-syntax');
    expect(await errors(at, "import Router from '@koa/router';\nconst router = new Router();\nrouter.register('/api/x', ['GET'], (ctx) => void (ctx.body = 1));\n")).toContain('no-restricted-syntax');
    expect(await errors(at, "import Router from '@koa/router';\nimport { issues } from '@tracker/shared/api/contract/issues';\nimport { route } from '../../http/route.ts';\nconst router = new Router();\nroute(router, issues.list, (ctx) => void (ctx.body = 1));\n")).toEqual([]);
  });

  it('SQL, the ORM, Kysely and pg only in repositories', async () => {
    const service = 'server/src/modules/issues/probe.service.ts';
    const head = "import type { EntityManager } from '@mikro-orm/postgresql';\nimport { kysely } from '../../db/kysely.ts';\nimport { User } from '../users/user.entity.ts';\n";
    for (const body of [
      "export const a = (em: EntityManager) => em.execute('select 1');\n",
      'export const b = (em: EntityManager) => kysely(em).selectFrom(\'users\').selectAll().execute();\n',
      'export const c = (em: EntityManager) => em.getKysely();\n',
      'export const d = (em: EntityManager) => em.findOne(User, { id: 1 });\n',
      'export const e = (em: EntityManager) => em.find(User, {});\n',
    ]) {
      // The imports each sample does not use are the same in both places: only the restriction differs.
      const used = `${body}export const used = [kysely, User];\n`;
      expect(await errors(service, head + used), body).toContain('no-restricted-syntax');
      expect(await errors('server/src/modules/issues/probe.repository.ts', head + used), body).toEqual([]);
    }
    expect(await errors(service, "import pg from 'pg';\nexport const p = pg;\n")).toContain('no-restricted-syntax');
    expect(await errors(service, "export const q = (db: { query(text: string): unknown }) => db.query('select 1');\n")).toContain('no-restricted-syntax');
    expect(await errors(service, 'export const r = (input: { query(): unknown }) => input.query();\n')).toEqual([]);
    expect(await errors(service, 'export const f = (xs: number[]) => xs.find((x) => x > 1) ?? xs.length;\n')).toEqual([]);
  });

  it('route files, mappers and entities import no repository, not even for a type; services and jobs do', async () => {
    const SYNTAX = 'no-restricted-syntax';
    const samples = [
      "import { searchAll } from './search.repository.ts';\nexport const f = searchAll;\n",
      "import type { Hit } from './search.repository.ts';\nexport type H = Hit;\n",
      "export { searchAll } from './search.repository.ts';\n",
      "export * from './search.repository';\n",
      "export const f = () => import('./search.repository.ts');\n",
    ];
    for (const at of ['server/src/modules/issues/probe.routes.ts', 'server/src/modules/issues/probe.mapper.ts', 'server/src/modules/issues/probe.entity.ts']) {
      for (const code of samples) expect(await errors(at, code), `${at}: ${code}`).toContain(SYNTAX);
    }
    // A service, or a job (a plain module file), calls the repository.
    for (const at of ['server/src/modules/issues/probe.service.ts', 'server/src/modules/issues/probe.ts']) expect(await errors(at, samples[0]!), at).toEqual([]);
    // A route file calls the service; a name that only ends alike is no repository.
    expect(await errors('server/src/modules/issues/probe.routes.ts', "import { searchAll } from './search.service.ts';\nexport const f = searchAll;\n")).toEqual([]);
    expect(await errors('server/src/modules/issues/probe.routes.ts', "import { f } from './no.repository-like.ts';\nexport const g = f;\n")).toEqual([]);
    // Its own list of the route block keeps the data layer's rules (flat config gives a rule the last block's options).
    expect(await errors('server/src/modules/issues/probe.routes.ts', "import type { EntityManager } from '@mikro-orm/postgresql';\nimport { User } from '../users/user.entity.ts';\nexport const f = (em: EntityManager) => em.findOne(User, { id: 1 });\n")).toContain(SYNTAX);
  });

  it('route files hold no try/catch: errors reach the one error middleware', async () => {
    const body = 'export async function f(g: () => Promise<void>) {\n  try {\n    await g();\n  } catch {\n    return;\n  }\n}\n';
    expect(await errors('server/src/modules/issues/probe.routes.ts', body)).toContain('no-restricted-syntax');
    expect(await errors('server/src/modules/issues/probe.service.ts', body)).toEqual([]);
  });

  it('only config.ts reads process.env on the server, the bot and shared/', async () => {
    const read = "export const port = process.env.PORT;\n";
    for (const at of ['server/src/db/probe.ts', 'server/src/modules/issues/probe.ts', 'bot/src/probe.ts', 'shared/src/probe.ts']) {
      expect(await errors(at, read), at).toContain('no-restricted-properties');
    }
    expect(await errors('server/src/config.ts', read)).toEqual([]);
  });

  it('services throw domain errors; only route files import the HTTP errors', async () => {
    const http = "export { HttpError } from '../../http/errors.ts';\n";
    expect(await errors('server/src/modules/issues/probe.service.ts', http)).toContain('no-restricted-imports');
    expect(await errors('server/src/modules/issues/probe.repository.ts', http)).toContain('no-restricted-imports');
    expect(await errors('server/src/modules/issues/probe.routes.ts', http)).toEqual([]);
    expect(await errors('server/src/modules/issues/probe.service.ts', "export { notFound } from '@tracker/shared/domain-errors';\n")).toEqual([]);
  });

  it('the bot never imports the server, by path or by package name', async () => {
    expect(await errors('bot/src/probe.ts', "export { loadConfig } from '../../server/src/config.ts';\n")).toContain(RESTRICTED);
    expect(await errors('bot/src/probe.ts', "export { loadConfig } from '@tracker/server/src/config.ts';\n")).toContain(RESTRICTED);
  });

  it('shared imports none of the apps', async () => {
    expect(await errors('shared/src/probe.ts', "export { loadConfig } from '../../server/src/config.ts';\n")).toContain(RESTRICTED);
    expect(await errors('shared/src/probe.ts', "export { createBot } from '@tracker/bot';\n")).toContain(RESTRICTED);
    expect(await errors('shared/src/probe.ts', "export { parseConfig } from '@tracker/miniapp/src/lib/config.ts';\n")).toContain(RESTRICTED);
  });

  it('formats dates only in the web app’s and the bot’s date module', async () => {
    const SYNTAX = 'no-restricted-syntax';
    const samples = [
      "export const f = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });\n",
      'export const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;\n',
      "export const r = new Intl.RelativeTimeFormat('en');\n",
      "export const s = new Date().toLocaleDateString('ru-RU');\n",
      'export const s = (d: Date) => d.toLocaleTimeString();\n',
      "export const s = (d: Date) => d.toLocaleString('en', { dateStyle: 'short' });\n",
    ];
    for (const code of samples) {
      // The error-text and confirmation rules share no-restricted-syntax with this one in lib/, features and ConfirmHost alike.
      for (const at of ['miniapp/src/features/issues/probe.tsx', 'miniapp/src/components/probe.ts', 'miniapp/src/components/ConfirmHost.tsx', 'miniapp/src/lib/probe.ts', 'bot/src/features/probe.ts']) {
        expect(await errors(at, code), `${at}: ${code}`).toContain(SYNTAX);
      }
      expect(await errors('miniapp/src/lib/dates.ts', code), code).toEqual([]);
      expect(await errors('bot/src/dates.ts', code), code).toEqual([]);
    }
    expect(await errors('miniapp/src/features/issues/probe.ts', "export const n = new Intl.NumberFormat('en').format(2);\n")).toEqual([]);
  });

  it('finds an import cycle through TypeScript files (the old sms.ts ↔ smsru.ts), with the lint’s own oxlint config', () => {
    // oxlint reads files, not text: the pair as it was, in a folder of its own.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cycle-probe-'));
    try {
      writeFileSync(path.join(dir, 'sms.ts'), "import { send } from './smsru.ts';\nexport class SmsError extends Error {}\nexport const sms = send;\n");
      writeFileSync(path.join(dir, 'smsru.ts'), "import { SmsError } from './sms.ts';\nexport const send = () => new SmsError();\n");
      const run = spawnSync(process.execPath, [path.join(root, 'node_modules/oxlint/bin/oxlint'), '-c', path.join(root, '.oxlintrc.json'), dir], { encoding: 'utf8' });
      expect(run.stdout).toContain('import(no-cycle)');
      expect(run.status).toBe(1);
      writeFileSync(path.join(dir, 'smsru.ts'), "export const send = () => new Error();\n");
      expect(spawnSync(process.execPath, [path.join(root, 'node_modules/oxlint/bin/oxlint'), '-c', path.join(root, '.oxlintrc.json'), dir]).status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('one set of controls: no button classes, file inputs, menus, portals or coordinates by hand outside components/', async () => {
    const at = 'miniapp/src/features/issues/probe.tsx';
    const jsx = (body: string) => `export const Probe = (p: { on: boolean; y: number }) => ${body};\n`;
    const SYNTAX = 'no-restricted-syntax';
    const IMPORTS = 'no-restricted-imports';
    expect(await errors(at, jsx('<button className="btn btn--primary" disabled={p.on}>Save</button>'))).toContain(SYNTAX);
    expect(await errors(at, jsx('<a className={`btn ${p.on ? "btn--primary" : ""}`}>Open</a>'))).toContain(SYNTAX);
    expect(await errors(at, jsx('<button className="link-button" disabled={p.on}>Edit</button>'))).toContain(SYNTAX);
    expect(await errors(at, jsx('<input type="file" disabled={p.on} />'))).toContain(SYNTAX);
    expect(await errors(at, jsx('<div role="menu" hidden={p.on} />'))).toContain(SYNTAX);
    expect(await errors(at, jsx('<ul style={{ top: p.y, left: 8 }} />'))).toContain(SYNTAX);
    expect(await errors(at, "import { createPortal } from 'react-dom';\nexport const portal = createPortal;\n")).toContain(IMPORTS);
    expect(await errors(at, "export { Root } from '@radix-ui/react-popover';\n")).toContain(IMPORTS);
    expect(await errors(at, "export { Button } from '@telegram-apps/telegram-ui/dist/components/Blocks/Button/Button';\n")).toContain(IMPORTS);
    // One date input (components/DateInput.tsx): no native one, by hand or through TextField, in components/ and lib/ too.
    expect(await errors(at, jsx('<input type="date" disabled={p.on} />'))).toContain(SYNTAX);
    expect(await errors('miniapp/src/app/routes/probe.tsx', jsx('<TextField name="due" label="Due" type="date" disabled={p.on} />'))).toContain(SYNTAX);
    expect(await errors('miniapp/src/components/Probe.tsx', jsx('<input type="date" disabled={p.on} />'))).toContain(SYNTAX);
    expect(await errors('miniapp/src/components/ConfirmHost.tsx', jsx('<input type="date" disabled={p.on} />'))).toContain(SYNTAX);
    expect(await errors('miniapp/src/lib/probe.tsx', jsx('<input type="date" disabled={p.on} />'))).toContain(SYNTAX);
    expect(await errors(at, jsx('<DateInput value="" onChange={() => p.on} disabled={p.on} />'))).toEqual([]);
    // Other classes that merely end in "btn", other inputs and the components themselves pass.
    expect(await errors(at, jsx('<button className="cf-icon-btn" style={{ gridColumn: p.y }}>↑</button>'))).toEqual([]);
    expect(await errors(at, jsx('<input type="text" disabled={p.on} />'))).toEqual([]);
    expect(await errors('miniapp/src/components/Probe.tsx', jsx('<button className="btn btn--primary" role="menu" disabled={p.on}>Save</button>'))).toEqual([]);
  });

  it('the controls, error-text, confirmation and dates rules all hold where their blocks overlap', async () => {
    // Flat config keeps only the last block's no-restricted-syntax and no-restricted-imports for a
    // file: each sample breaks one rule, at every place where that rule and another apply together.
    const SYNTAX = 'no-restricted-syntax';
    const IMPORTS = 'no-restricted-imports';
    const button = 'export const B = (p: { on: boolean }) => <button className="btn btn--primary" disabled={p.on}>Save</button>;\n';
    const date = "export const s = new Date().toLocaleDateString('ru-RU');\n";
    const words = 'export const f = (e: { statusMessage: string }) => e.statusMessage;\n';
    const lazyDialog = "import { lazy } from 'react';\nexport const D = lazy(() => import('../../components/ConfirmDialog.tsx'));\n";
    for (const at of ['miniapp/src/features/issues/probe.tsx', 'miniapp/src/app/shell/probe.tsx', 'miniapp/src/platform/probe.tsx']) {
      for (const code of [button, date, words, lazyDialog]) expect(await errors(at, code), `${at}: ${code}`).toContain(SYNTAX);
      expect(await errors(at, "export { default } from '../../components/ConfirmDialog.tsx';\n"), at).toContain(IMPORTS);
      expect(await errors(at, "export { Root } from '@radix-ui/react-popover';\n"), at).toContain(IMPORTS);
      expect(await errors(at, "import { createPortal } from 'react-dom';\nexport const portal = createPortal;\n"), at).toContain(IMPORTS);
    }
    // lib/ words errors and may not format dates outside dates.ts, but draws no controls by hand either.
    for (const code of [button, date]) expect(await errors('miniapp/src/lib/probe.tsx', code), code).toContain(SYNTAX);
    expect(await errors('miniapp/src/lib/probe.tsx', "export { Root } from '@radix-ui/react-popover';\n")).toContain(IMPORTS);
    expect(await errors('miniapp/src/lib/dates.ts', "export { Root } from '@radix-ui/react-popover';\n")).toContain(IMPORTS);
    expect(await errors('miniapp/src/lib/dates.ts', 'declare const createPortal: (at: Element) => void;\nexport const f = (el: Element) => createPortal(el);\n')).toContain(SYNTAX);
    expect(await errors('miniapp/src/lib/dates.ts', date)).toEqual([]);
    // components/ draws the controls, and still words no error and formats no date itself.
    expect(await errors('miniapp/src/components/probe.tsx', button)).toEqual([]);
    for (const code of [date, words]) expect(await errors('miniapp/src/components/probe.tsx', code), code).toContain(SYNTAX);
    // A test may draw a button by hand, not format a date.
    expect(await errors('miniapp/src/features/issues/probe.test.tsx', button)).toEqual([]);
    expect(await errors('miniapp/src/features/issues/probe.test.tsx', date)).toContain(SYNTAX);
  });

  it('checks hook dependencies in the web app, and refuses a disable comment that hides nothing', async () => {
    const hook = (deps: string) =>
      `import { useEffect } from 'react';\nexport function useProbe(n: number) {\n  useEffect(() => {\n    console.log(n);\n  }, [${deps}]);\n}\n`;
    expect(await errors('miniapp/src/lib/probe.ts', hook(''))).toContain('react-hooks/exhaustive-deps');
    expect(await errors('miniapp/src/lib/probe.ts', hook('n'))).toEqual([]);
    const stale = hook('n').replace('  }, [n]);', '    // eslint-disable-next-line react-hooks/exhaustive-deps\n  }, [n]);');
    expect(await errors('miniapp/src/lib/probe.ts', stale)).toEqual([null]);
  });
});
