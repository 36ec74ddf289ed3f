// The project the export tests read (exports.test.ts, backup.test.ts): labels (one with a comma),
// custom fields of five types, a parent and a child, comments, activity, an attachment, streams and
// 450 more issues, so the streamed reads cross several batches.
import { createIssue, createProject, createUser, type TestProject, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { fileKey } from '../attachments/attachment.service.ts';

export const TRICKY = 'Comma, "quotes" and\nnew line; тоже по-русски';
export const BYTES = Buffer.from([0, 1, 2, 255, 254, 10, 13, 80, 75, 3, 4]);

export const cookieOf = (u: TestUser) => [...u.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

export interface ExportFixture {
  t: TestServer;
  admin: TestUser;
  owner: TestUser;
  outsider: TestUser;
  project: TestProject;
  fields: Record<string, { id: number; options: { id: number; name: string }[] }>;
}

export async function exportFixture(): Promise<ExportFixture> {
  const t = await createTestServer();
  const admin = await createUser(t, { admin: true, name: 'Админ' });
  const field = async (req: Record<string, unknown>) => {
    const res = await admin.client.post('/api/admin/custom-fields', req);
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.field as { id: number; options: { id: number; name: string }[] };
  };
  const fields: Record<string, { id: number; options: { id: number; name: string }[] }> = {};
  const owner = await createUser(t, { name: 'Анна Смирнова' });
  const outsider = await createUser(t, { name: 'Outsider' });
  const project = await createProject(t, { ownerId: owner.id });
  await t.sql(`update projects set description = 'Проект для выгрузки', color = '#ff0000' where id = ?`, [project.id]);
  fields.text = await field({ type: 'text', name: { ru: 'Заметка', en: 'Note' } });
  fields.number = await field({ type: 'number', name: { ru: 'Очки', en: 'Points' } });
  fields.select = await field({ type: 'select', name: { ru: 'Среда', en: 'Environment' }, options: [{ name: 'prod', color: '#ff0000' }, { name: 'stage' }] });
  fields.multi = await field({ type: 'multiselect', name: { ru: 'Платформы', en: 'Platforms' }, options: [{ name: 'iOS' }, { name: 'Android' }, { name: 'Web' }] });
  fields.user = await field({ type: 'user', name: { ru: 'Ревьюер', en: 'Reviewer' } });
  const [bug] = await t.sql<{ id: number }>(`insert into labels (project_id, name, color) values (?, 'bug', '#ef4444') returning id`, [project.id]);
  const [ui] = await t.sql<{ id: number }>(`insert into labels (project_id, name, color) values (?, 'ui, web', '#3b82f6') returning id`, [project.id]);
  const parent = await createIssue(t, project, {
    title: TRICKY,
    category: 'started',
    assigneeId: owner.id,
    reporterId: admin.id,
    startDate: '2026-11-01',
    dueDate: '2026-12-31',
    estimate: 2.5,
    customValues: {
      [fields.text.id]: '=HYPERLINK("x")',
      [fields.number.id]: 42,
      [fields.select.id]: fields.select.options[0]!.id,
      [fields.multi.id]: [fields.multi.options[2]!.id, fields.multi.options[0]!.id],
      [fields.user.id]: admin.id,
    },
  });
  await t.sql(`update issues set description = ?, priority = 1 where id = ?`, ['Строка 1\n\n"Строка", 2', parent.id]);
  await t.sql(`insert into issue_labels (issue_id, label_id) values (?, ?), (?, ?)`, [parent.id, bug!.id, parent.id, ui!.id]);
  const [stream] = await t.sql<{ id: number }>(`insert into streams (name, description, lead_id, start_date) values ('Релиз 2.0', 'Весна', ?, '2026-03-01') returning id`, [owner.id]);
  await t.sql(`insert into stream_members (stream_id, user_id) values (?, ?)`, [stream!.id, owner.id]);
  await t.sql(`insert into stream_updates (stream_id, author_id, body, health) values (?, ?, 'Идём по плану', 'on_track')`, [stream!.id, owner.id]);
  await t.sql(`insert into issue_streams (issue_id, stream_id) values (?, ?)`, [parent.id, stream!.id]);
  const child = await createIssue(t, project, { title: 'Child', category: 'completed' });
  await t.sql(`update issues set parent_id = ? where id = ?`, [parent.id, child.id]);
  await t.sql(`insert into issue_relations (from_issue_id, to_issue_id, type) values (?, ?, 'blocks')`, [parent.id, child.id]);
  await t.sql(`insert into issue_watchers (issue_id, user_id) values (?, ?), (?, ?)`, [parent.id, owner.id, parent.id, admin.id]);
  await t.sql(`insert into comments (issue_id, author_id, body, created_at) values (?, ?, 'Первый комментарий', '2026-11-02T10:00:00Z'), (?, ?, 'Second', '2026-11-03T10:00:00Z')`, [
    parent.id,
    owner.id,
    parent.id,
    admin.id,
  ]);
  await t.sql(`insert into activities (issue_id, project_id, actor_id, action, field, old_value, new_value, created_at) values (?, ?, ?, 'updated', 'title', '"Old"'::jsonb, '"New"'::jsonb, '2026-11-02T09:00:00Z')`, [
    parent.id,
    project.id,
    owner.id,
  ]);
  await t.app.services.storage.put(fileKey('0123456789abcdef0123456789abcdef'), BYTES, { contentType: 'application/octet-stream' });
  await t.sql(`insert into attachments (issue_id, uploader_id, file_name, mime_type, size, storage_key) values (?, ?, '../../etc/отчёт.bin', 'application/octet-stream', ?, ?)`, [
    parent.id,
    owner.id,
    BYTES.length,
    '0123456789abcdef0123456789abcdef',
  ]);
  // Enough issues to cross several batches of the streamed reads.
  await t.sql(
    `insert into issues (project_id, number, title, status_id, custom_values) select ?, n, 'Bulk ' || n, ?, '{}'::jsonb from generate_series(3, 452) n`,
    [project.id, project.statuses.backlog],
  );
  await t.sql(`update projects set issue_counter = 452 where id = ?`, [project.id]);
  return { t, admin, owner, outsider, project, fields };
}
