// A repeating issue completed from the bot (its "Done" button) gets its next occurrence once, like
// one completed in the web app: the bot's backend changes status through the same issue service.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';
import { createBotBackend } from './backend.ts';

let t: TestServer;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Bot Owner' });
});
afterAll(() => t.close());

it('completing from the bot creates the next occurrence once, however often it is reopened and done again', async () => {
  const project = await createProject(owner);
  const issue = await createIssue(owner, project.project.id, { title: 'Pay rent', dueDate: '2026-11-01' });
  const set = await owner.client.request('PATCH', `/api/issues/${issue.id}`, { json: { recurrence: { rrule: 'FREQ=MONTHLY;BYMONTHDAY=1', mode: 'on_complete' } } });
  expect(set.status).toBe(200);
  const backend = createBotBackend(t.orm, t.app.services.jobs, t.app.services.storage, t.app.services.invites, t.app.services.triage);
  const user = { id: owner.id, name: owner.name, locale: 'ru' as const, timeZone: 'Europe/Moscow' };
  await backend.moveTo(user, issue.id, 'completed');
  await backend.moveTo(user, issue.id, 'started');
  await backend.moveTo(user, issue.id, 'completed');
  const made = await t.sql<{ id: number; title: string; due: string }>(
    `select i.id, i.title, to_char(i.due_date, 'YYYY-MM-DD') as due from activities a join issues i on i.id = a.issue_id
      where a.action = 'recurrence.created' and (a.new_value->>'issueId')::int = ?`,
    [issue.id],
  );
  expect(made).toHaveLength(1);
  expect(made[0]!.title).toBe('Pay rent');
  expect(made[0]!.due.endsWith('-01')).toBe(true);
  expect(await t.sql('select issue_id from recurrences where issue_id in (?, ?)', [issue.id, made[0]!.id])).toEqual([{ issue_id: made[0]!.id }]);
});
