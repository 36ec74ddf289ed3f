// `/topics` in a forum supergroup (issue 26, part 2): each project the group's general link posts
// gets a topic of its own (createForumTopic), linked to it with its owner's consent; its posts then go
// only there. The peer knows which chats are forums and which topics exist, and refuses the rest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_BOT_INFO } from '../../test/fake-bot-api.ts';
import { addMember, createProject, type TestUser } from '../projects/test-fixtures.ts';
import { BotKit, buttons, lastText, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const GROUP = { id: -1007790101, type: 'supergroup', title: 'Без тем' };
const FORUM = { id: -1007790102, type: 'supergroup', title: 'Форум команды', is_forum: true };
const ivan: Person = { id: 930101, first_name: 'Ivan', language_code: 'ru' };
const emma: Person = { id: 930102, first_name: 'Emma', language_code: 'en' };
let web: Awaited<ReturnType<typeof createProject>>;
let ivanUser: TestUser;
let emmaUser: TestUser;

const links = () => kit.t.sql<{ thread_id: number; project_id: number | null; consented: boolean }>('select thread_id, project_id, consented_at is not null as consented from telegram_chat_links where chat_id = ? order by thread_id', [FORUM.id]);

beforeAll(async () => {
  await kit.start();
  [ivanUser, emmaUser] = await kit.accounts(ivan, emma);
  web = await createProject(ivanUser, { key: 'WEBT', name: 'Сайт' });
  await addMember(ivanUser, web.project.id, emmaUser, 'member');
  for (const chat of [GROUP, FORUM]) {
    kit.api.setMember(chat.id, ivan.id, 'administrator');
    kit.api.setMember(chat.id, emma.id, 'administrator');
  }
});
afterAll(() => kit.close());

describe('/topics', () => {
  it('works only in a forum, for its administrators, with a bot that may manage topics', async () => {
    expect(lastText(await kit.exchange(kit.message(ivan, '/topics', GROUP)))).toBe('/topics работает в группе с темами: включите «Темы» в настройках группы и отправьте /topics ещё раз.');
    expect(lastText(await kit.exchange(kit.message(ivan, '/topics', FORUM)))).toBe('Чтобы создавать темы, мне нужно быть администратором группы с правом управлять темами.');
    kit.api.setMember(FORUM.id, FAKE_BOT_INFO.id, 'administrator');
    expect(lastText(await kit.exchange(kit.message(ivan, '/topics', FORUM)))).toContain('К группе целиком ещё не привязан ни один проект');
    kit.api.setMember(FORUM.id, emma.id, 'member');
    expect(lastText(await kit.exchange(kit.message(emma, '/topics', FORUM)))).toBe('Only the group’s admins can do this.');
    kit.api.setMember(FORUM.id, emma.id, 'administrator');
    expect(kit.api.of('createForumTopic')).toEqual([]);
  });

  it('makes a topic for each linked project its owner sends it for, and the project posts only there', async () => {
    // The members-only project is linked to the whole forum first, with Ivan's consent.
    const asked = await kit.exchange(kit.message(ivan, `/link ${web.project.key}`, FORUM));
    const yes = buttons(sent(asked).find((c) => c.payload.chat_id === ivan.id))[0]!.callback_data!;
    await kit.exchange(kit.press(ivan, yes, { message_id: 60, chat: BotKit.privateChat(ivan) }));
    expect(await links()).toEqual([{ thread_id: 0, project_id: web.project.id, consented: true }]);

    // Emma administers the group but does not own the project: nothing is made (in the group's language, set by its link).
    expect(lastText(await kit.exchange(kit.message(emma, '/topics', FORUM)))).toBe('Темы создаются для проектов, которыми вы владеете, а из привязанных здесь вы не владеете ни одним.');
    expect(kit.api.of('createForumTopic')).toEqual([]);

    const calls = await kit.exchange(kit.message(ivan, '/topics', FORUM));
    const made = calls.find((c) => c.method === 'createForumTopic')!;
    expect(made.payload).toMatchObject({ chat_id: FORUM.id, name: 'Сайт' });
    const topic = (await links()).find((l) => l.thread_id !== 0)!;
    expect(topic).toMatchObject({ project_id: web.project.id, consented: true });
    const announced = sent(calls).find((c) => c.payload.message_thread_id === topic.thread_id)!;
    expect(announced.payload.text).toBe('Сюда будут приходить новые задачи и смены статусов проекта «Сайт».');
    expect(calls.filter((c) => c.method === 'pinChatMessage')).toHaveLength(1);
    expect(lastText(calls)).toBe('Создана 1 тема: «Сайт». Задачи проекта будут приходить туда.');
    // Once moved, the project has a topic: a second /topics makes none.
    expect(lastText(await kit.exchange(kit.message(ivan, '/topics', FORUM)))).toContain('К группе целиком ещё не привязан ни один проект');

    await emmaUser.client.post('/api/issues', { projectId: web.project.id, title: 'Только в теме' });
    await kit.settled();
    const posts = kit.api.of('sendMessage').filter((c) => c.payload.chat_id === FORUM.id && String(c.payload.text).includes('Только в теме'));
    expect(posts.map((c) => c.payload.message_thread_id ?? 0)).toEqual([topic.thread_id]);

    // `/new` in the topic creates in its project.
    const created = await kit.exchange(kit.message(ivan, '/new Из темы', FORUM, { is_topic_message: true, message_thread_id: topic.thread_id }));
    expect(sent(created).at(-1)!.payload.message_thread_id).toBe(topic.thread_id);
    expect(await kit.t.sql('select project_id from issues where title = ?', ['Из темы'])).toEqual([{ project_id: web.project.id }]);
    expect(kit.api.refused()).toEqual([]);
  });

  it('the peer refuses a topic that does not exist, as Telegram does', async () => {
    const res = await fetch(`${kit.api.url}/bot123456:test-token/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: FORUM.id, message_thread_id: 424242, text: 'x' }),
    });
    expect(await res.json()).toEqual({ ok: false, error_code: 400, description: 'Bad Request: message thread not found' });
    kit.api.calls.pop();
  });
});
