// Telegram's flood limit for the whole bot (issue 16): 429s on several chats within a few seconds pause
// every chat for as long as Telegram said, then everything goes out in order, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotServer, type BotServer, type TgUser } from '../../test/bot-server.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let s: BotServer;
let boss: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
const PEOPLE: TgUser[] = [
  { id: 991001, first_name: 'Anna', language_code: 'ru' },
  { id: 991002, first_name: 'Boris', language_code: 'ru' },
  { id: 991003, first_name: 'Clara', language_code: 'ru' },
];
const users: TestUser[] = [];

beforeAll(async () => {
  s = await createBotServer();
  boss = await signUp(s.t, { name: 'Boss' });
  project = await createProject(boss, { name: 'Flood' });
  for (const p of PEOPLE) {
    const u = await signUp(s.t, { name: p.first_name });
    await s.t.sql('update users set telegram_id = ? where id = ?', [p.id, u.id]);
    await boss.client.request('PUT', `/api/projects/${project.project.id}/members/${u.id}`, { json: { role: 'member' } });
    users.push(u);
  }
});
afterAll(() => s?.close());

const assign = async (user: TestUser, title: string) => {
  const res = await boss.client.post('/api/issues', { projectId: project.project.id, title, assigneeId: user.id });
  expect(res.status).toBe(201);
};

describe('a flood limit for the whole bot', () => {
  it('429s on two chats at once pause a third chat too, for the full retry_after', async () => {
    s.api.throttle('sendMessage', 2, 2);
    // Both are due together, as in a flood: the worker is held back while they happen.
    await s.t.app.services.jobs.stop();
    try {
      await assign(users[0]!, 'Для Анны');
      await assign(users[1]!, 'Для Бориса');
    } finally {
      await s.t.app.services.jobs.start();
    }
    await waitUntil('both told to wait', async () => s.api.calls.filter((c) => c.refused?.startsWith('Too Many Requests')).length === 2);
    const pause = await waitUntil('the whole bot paused', async () => {
      const [row] = await s.t.sql<{ left_ms: number }>(`select (extract(epoch from until - now()) * 1000)::int as left_ms from telegram_chat_pauses where chat_id = 0`);
      return row ?? null;
    });
    const firstRefusal = s.api.calls.find((c) => c.refused)!.at;
    expect(pause!.left_ms).toBeGreaterThan(0);

    await assign(users[2]!, 'Для Клары');
    await s.api.waitFor((c) => c.payload.chat_id === PEOPLE[2]!.id && !c.refused && String(c.payload.text).includes('Для Клары'), 10_000);
    const clara = s.sentTo(PEOPLE[2]!.id).at(-1)!;
    expect(clara.at - firstRefusal).toBeGreaterThanOrEqual(2000);
    // The two told to wait get theirs after the pause, once each.
    await s.api.waitFor(() => s.sentTo(PEOPLE[0]!.id).length === 1 && s.sentTo(PEOPLE[1]!.id).length === 1, 10_000);
    await s.settled();
    expect(PEOPLE.map((p) => s.sentTo(p.id).length)).toEqual([1, 1, 1]);
  });

  it('a 429 on one chat alone pauses only that chat', async () => {
    await s.t.sql('delete from telegram_chat_pauses');
    s.api.throttleChat(PEOPLE[0]!.id, 30);
    const before = PEOPLE.map((p) => s.sentTo(p.id).length);
    await assign(users[0]!, 'Снова Анне');
    await s.api.waitFor((c) => c.payload.chat_id === PEOPLE[0]!.id && !!c.refused && String(c.payload.text).includes('Снова Анне'));
    await assign(users[1]!, 'Снова Борису');
    await s.api.waitFor((c) => c.payload.chat_id === PEOPLE[1]!.id && !c.refused && String(c.payload.text).includes('Снова Борису'));
    expect(s.sentTo(PEOPLE[0]!.id).length).toBe(before[0]);
    expect(await s.t.sql('select chat_id from telegram_chat_pauses where chat_id = 0')).toEqual([]);
  });
});
