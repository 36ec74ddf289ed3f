// Several changes to one issue within the burst window reach a chat as one message listing them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBotServer, type BotServer } from '../../test/bot-server.ts';
import { parseTelegramHtml } from '../../test/telegram-html.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { createProject, signUp } from '../projects/test-fixtures.ts';

let s: BotServer;
const ME = 990101;

beforeAll(async () => {
  s = await createBotServer({ TELEGRAM_BURST_SEC: '2' });
});
afterAll(async () => {
  await s?.close();
});

it('collapses an assignment and three status changes into one message, in order', async () => {
  const me = await signUp(s.t, { name: 'Ivan' });
  const boss = await signUp(s.t, { name: 'Boss' });
  await s.t.sql('update users set telegram_id = ? where id = ?', [ME, me.id]);
  const { project, statuses } = await createProject(boss, { name: 'Burst' });
  await boss.client.request('PUT', `/api/projects/${project.id}/members/${me.id}`, { json: { role: 'member' } });
  const [a, b, c] = statuses.filter((x) => x.category !== 'backlog');
  // The changes come in quick succession, as in a burst: the worker is held back while they are made
  // (on a loaded machine the requests alone could outlast the window).
  await s.t.app.services.jobs.stop();
  try {
    const created = await boss.client.post('/api/issues', { projectId: project.id, title: 'Один раз', assigneeId: me.id });
    for (const status of [a!, b!, c!]) await boss.client.request('PATCH', `/api/issues/${created.body.issue.id}`, { json: { statusId: status.id } });
  } finally {
    await s.t.app.services.jobs.start();
  }
  await s.api.waitFor((call) => call.payload.chat_id === ME);
  await waitUntil('no job left', async () => (await s.t.sql('select id from graphile_worker.jobs')).length === 0);
  const sent = s.sentTo(ME);
  expect(sent).toHaveLength(1);
  const parsed = parseTelegramHtml(sent[0]!.payload.text);
  const lines = parsed.ok ? parsed.text.split('\n\n')[0]!.split('\n') : [];
  // A new issue starts in the backlog.
  const path = [statuses.find((x) => x.category === 'backlog')!, a!, b!, c!].map((x) => x.name);
  expect(lines).toEqual(['Boss: назначена задача', ...path.slice(1).map((to, i) => `Boss: изменён статус «${path[i]}» → «${to}»`)]);
});
