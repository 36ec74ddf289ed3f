// Linking groups and forum topics (issue 16, "Groups done right"): only the group's administrators
// link, a repeated /link changes nothing, and each forum topic has its own link. A members-only
// project is linked only by its owner after a question in their private chat (issue 26):
// bot-group-consent.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, signUp } from '../projects/test-fixtures.ts';
import { BotKit, lastText, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const GROUP = { id: -1007780001, type: 'supergroup', title: 'Team' };
const FORUM = { id: -1007780002, type: 'supergroup', title: 'Forum', is_forum: true };
const topic = (id: number) => ({ is_topic_message: true, message_thread_id: id });
const anna: Person = { id: 920001, first_name: 'Anna', language_code: 'ru' };
const bob: Person = { id: 920002, first_name: 'Bob', language_code: 'ru' };
const carl: Person = { id: 920003, first_name: 'Carl', language_code: 'ru' };
let open: Awaited<ReturnType<typeof createProject>>;
let hidden: Awaited<ReturnType<typeof createProject>>;
let annaUser: Awaited<ReturnType<typeof signUp>>;

const links = (chatId: number) =>
  kit.t.sql<{ thread_id: number; project_id: number | null; stream_id: number | null }>(
    'select thread_id, project_id, stream_id from telegram_chat_links where chat_id = ? order by thread_id',
    [chatId],
  );

beforeAll(async () => {
  await kit.start();
  annaUser = await signUp(kit.t, { name: 'Anna' });
  const b = await signUp(kit.t, { name: 'Bob' });
  const stranger = await signUp(kit.t, { name: 'Stranger' });
  await kit.t.sql('update users set telegram_id = ? where id = ?', [anna.id, annaUser.id]);
  await kit.t.sql('update users set telegram_id = ? where id = ?', [bob.id, b.id]);
  open = await createProject(annaUser, { name: 'Open', visibility: 'all' });
  hidden = await createProject(stranger, { name: 'Hidden' });
  for (const chat of [GROUP, FORUM]) kit.api.setMember(chat.id, anna.id, 'administrator');
  kit.api.setMember(GROUP.id, carl.id, 'creator');
});
afterAll(() => kit.close());

describe('/link and /unlink', () => {
  it('are for the group’s administrators only, as Telegram knows them', async () => {
    expect(lastText(await kit.exchange(kit.message(bob, `/link ${open.project.key}`, GROUP)))).toBe('Это могут сделать только администраторы группы.');
    expect(await links(GROUP.id)).toEqual([]);
    const asked = kit.api.of('getChatMember').at(-1)!;
    expect(asked.payload).toMatchObject({ chat_id: GROUP.id, user_id: bob.id });

    expect(lastText(await kit.exchange(kit.message(anna, `/link ${open.project.key}`, GROUP)))).toBe('Сюда будут приходить новые задачи и смены статусов проекта «Open».');
    expect(await links(GROUP.id)).toEqual([{ thread_id: 0, project_id: open.project.id, stream_id: null }]);

    expect(lastText(await kit.exchange(kit.message(bob, '/unlink', GROUP)))).toBe('Снять привязку могут администраторы группы и владельцы привязанного проекта.');
    expect(await links(GROUP.id)).toHaveLength(1);
    // The creator may unlink, even without a Tracker account: stopping the posts needs none.
    expect(lastText(await kit.exchange(kit.message(carl, '/unlink', GROUP)))).toBe('Привязка снята: новые задачи и смены статусов сюда больше не приходят.');
    expect(await links(GROUP.id)).toEqual([]);
    expect(lastText(await kit.exchange(kit.message(carl, '/unlink', GROUP)))).toBe('Этот чат не привязан ни к проекту, ни к потоку.');
    expect(lastText(await kit.exchange(kit.message(anna, '/unlink')))).toContain('работает в группах');
    expect(kit.api.refused()).toEqual([]);
  });

  it('say nothing of a project the admin cannot see', async () => {
    expect(lastText(await kit.exchange(kit.message(anna, `/link ${hidden.project.key}`, GROUP)))).toBe('Задача или проект не найдены.');
    expect(await links(GROUP.id)).toEqual([]);
  });

  it('twice is answered as already linked, and a new issue is posted once', async () => {
    await kit.exchange(kit.message(anna, `/link ${open.project.key}`, GROUP));
    expect(lastText(await kit.exchange(kit.message(anna, `/link ${open.project.key}`, GROUP)))).toBe('Сюда уже приходят новые задачи и смены статусов проекта «Open».');
    expect(await links(GROUP.id)).toHaveLength(1);
    await annaUser.client.post('/api/issues', { projectId: open.project.id, title: 'Один раз на группу' });
    await kit.settled();
    expect(kit.api.of('sendMessage').filter((c) => c.payload.chat_id === GROUP.id && String(c.payload.text).includes('Один раз на группу'))).toHaveLength(1);
  });
});

describe('forum topics', () => {
  it('each link to their own project or stream, and unlink one by one', async () => {
    const stream = (await annaUser.client.post('/api/streams', { name: 'Релиз' })).body.stream as { id: number };
    let calls = await kit.exchange(kit.message(anna, `/link ${open.project.key}`, FORUM, topic(11)));
    expect(sent(calls).at(-1)!.payload).toMatchObject({ message_thread_id: 11, text: 'Сюда будут приходить новые задачи и смены статусов проекта «Open».' });
    calls = await kit.exchange(kit.message(anna, `/link stream_${stream.id}`, FORUM, topic(12)));
    expect(lastText(calls)).toBe('Сюда будут приходить новые задачи и смены статусов потока «Релиз».');
    expect(await links(FORUM.id)).toEqual([
      { thread_id: 11, project_id: open.project.id, stream_id: null },
      { thread_id: 12, project_id: null, stream_id: stream.id },
    ]);

    await annaUser.client.post('/api/issues', { projectId: open.project.id, title: 'В тему проекта', streamIds: [stream.id] });
    await kit.settled();
    const posts = kit.api.of('sendMessage').filter((c) => c.payload.chat_id === FORUM.id && String(c.payload.text).includes('В тему проекта'));
    expect(posts.map((c) => c.payload.message_thread_id).sort()).toEqual([11, 12]);

    expect(lastText(await kit.exchange(kit.message(anna, '/unlink', FORUM, topic(12))))).toContain('Привязка снята');
    expect(await links(FORUM.id)).toEqual([{ thread_id: 11, project_id: open.project.id, stream_id: null }]);
    expect(lastText(await kit.exchange(kit.message(anna, '/unlink', FORUM, topic(12))))).toBe('Этот чат не привязан ни к проекту, ни к потоку.');
    expect(kit.api.refused()).toEqual([]);
  });
});
