// Stored import files (docs/import.md, "Stored files"): deleted when the import ends, well or not; a
// per-person limit on what waits; the hourly clean-up of lost imports, old previews and old files.
import type { EntityManager } from '@mikro-orm/postgresql';
import { IMPORT_USER_STORED_MAX_BYTES } from '@tracker/shared/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createUser, type TestProject, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { finished, upload } from './import-test-kit.ts';
import { pruneImports, runImport } from './import.job.ts';

let t: TestServer;
let owner: TestUser;
let project: TestProject;

beforeAll(async () => {
  t = await createTestServer();
  owner = await createUser(t, { name: 'Olga Owner' });
  project = await createProject(t, { ownerId: owner.id });
});
afterAll(() => t.close());

const fileOf = async (id: number) => (await t.sql<{ stored: boolean }>('select file is not null as stored from imports where id = ?', [id]))[0]?.stored;
/** A queued import of `bytes` bytes that no job runs, made in PostgreSQL (no 50 MB through the test's memory). */
const waiting = async (user: TestUser, bytes: number, status = 'queued') =>
  (
    await t.sql<{ id: number }>(`insert into imports (project_id, user_id, format, status, file, locale) values (?, ?, 'csv', ?, convert_to(repeat('x', ?), 'UTF8'), 'en') returning id`, [
      project.id,
      user.id,
      status,
      bytes,
    ])
  )[0]!.id;

describe('stored import files', () => {
  it('are deleted when the import succeeds and when it fails', async () => {
    const ok = await upload(owner.client, project.id, { file: 'Title\nFirst\n' });
    expect(ok.status).toBe(202);
    expect((await finished(owner.client, ok.body.import.id)).status).toBe('succeeded');
    expect(await fileOf(ok.body.import.id)).toBe(false);

    const archived = await createProject(t, { ownerId: owner.id });
    await t.sql('update projects set archived_at = now() where id = ?', [archived.id]);
    const [row] = await t.sql<{ id: number }>(`insert into imports (project_id, user_id, format, status, file, locale) values (?, ?, 'csv', 'queued', ?, 'en') returning id`, [
      archived.id,
      owner.id,
      Buffer.from('Title\nLate\n'),
    ]);
    await runImport(t.orm, row!.id);
    expect(await t.sql('select status, file from imports where id = ?', [row!.id])).toEqual([{ status: 'failed', file: null }]);
  });

  it('are limited per person while they wait, with a clear answer in both languages, and nothing stored', async () => {
    const uploader = await createUser(t, { name: 'Uma Uploader' });
    await t.sql(`insert into project_members (project_id, user_id, role) values (?, ?, 'owner')`, [project.id, uploader.id]);
    const held = await waiting(uploader, IMPORT_USER_STORED_MAX_BYTES - 10);
    const before = await t.sql('select count(*)::int as n from imports where user_id = ?', [uploader.id]);
    const ru = await upload(uploader.client, project.id, { file: 'Title\nOne more\n' });
    expect(ru.status).toBe(409);
    expect(ru.body).toMatchObject({ statusCode: 409, statusMessage: 'Ваши импорты в очереди уже занимают 50 МБ; одновременно можно не больше 50 МБ. Дождитесь, пока они закончатся', data: { code: 'import_quota', reason: 'quota' } });
    const en = await upload(uploader.client, project.id, { file: 'Title\nOne more\n', headers: { 'accept-language': 'en' } });
    expect(en.body.statusMessage).toBe('Your imports waiting to run already hold 50 MB of files; at most 50 MB at once. Wait until they finish');
    expect(await t.sql('select count(*)::int as n from imports where user_id = ?', [uploader.id])).toEqual(before);
    // Another person is not held back; a preview stores no file, so it is not either.
    expect((await upload(owner.client, project.id, { file: 'Title\nTheirs\n', dryRun: true })).status).toBe(202);
    expect((await upload(uploader.client, project.id, { file: 'Title\nPreview\n', dryRun: true })).status).toBe(202);
    // Once the waiting import ends, its bytes no longer count.
    await t.sql(`update imports set status = 'failed', file = null where id = ?`, [held]);
    const after = await upload(uploader.client, project.id, { file: 'Title\nNow it fits\n' });
    expect(after.status).toBe(202);
    expect((await finished(uploader.client, after.body.import.id)).status).toBe('succeeded');
  });

  it('are cleaned up hourly: lost imports given up, old previews deleted, no ended import keeps its file', async () => {
    const lost = await waiting(owner, 100);
    const fresh = await waiting(owner, 100);
    const legacy = await waiting(owner, 100, 'failed');
    const preview = (await upload(owner.client, project.id, { file: 'Title\nLook\n', dryRun: true })).body.import.id as number;
    const recentPreview = (await upload(owner.client, project.id, { file: 'Title\nLook again\n', dryRun: true })).body.import.id as number;
    await t.sql(`update imports set created_at = now() - interval '25 hours' where id in (?, ?)`, [lost, preview]);
    await pruneImports(t.orm.em.fork() as unknown as EntityManager);
    const rows = await t.sql<{ id: number; status: string; stored: boolean; error: string | null }>(
      `select id, status, file is not null as stored, report->>'error' as error from imports where id in (?, ?, ?, ?, ?) order by id`,
      [lost, fresh, legacy, preview, recentPreview],
    );
    expect(rows).toEqual([
      { id: lost, status: 'failed', stored: false, error: 'The import failed and nothing was written: it did not run within 24 hours' },
      { id: fresh, status: 'queued', stored: true, error: null },
      { id: legacy, status: 'failed', stored: false, error: null },
      { id: recentPreview, status: 'dry_run', stored: false, error: null },
    ]);
    await t.sql(`delete from imports where id = ?`, [fresh]);
  });
});
