// A group's own language (issue 16, "Groups done right"): its administrators choose it with /lang,
// and then every message of the bot in the group — replies, dialogues, cards, notifications — is in
// it, whoever writes; private chats keep each person's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, signUp } from '../projects/test-fixtures.ts';
import { answers, BotKit, buttons, lastText, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const GROUP = { id: -1007790001, type: 'supergroup', title: 'Team', is_forum: true };
const topic = (id: number) => ({ is_topic_message: true, message_thread_id: id });
const anna: Person = { id: 930001, first_name: 'Anna', language_code: 'ru' };
const bob: Person = { id: 930002, first_name: 'Bob', language_code: 'en' };
let open: Awaited<ReturnType<typeof createProject>>;
let annaUser: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  await kit.start();
  annaUser = await signUp(kit.t, { name: 'Anna' });
  const b = await signUp(kit.t, { name: 'Bob', locale: 'en' });
  await kit.t.sql('update users set telegram_id = ? where id = ?', [anna.id, annaUser.id]);
  await kit.t.sql('update users set telegram_id = ? where id = ?', [bob.id, b.id]);
  open = await createProject(annaUser, { name: 'Open', visibility: 'all' });
  await annaUser.client.request('PUT', `/api/projects/${open.project.id}/members/${b.id}`, { json: { role: 'member' } });
  kit.api.setMember(GROUP.id, anna.id, 'creator');
});
afterAll(() => kit.close());

describe('/lang in a group', () => {
  it('is for administrators: a member’s command and a member’s press are refused', async () => {
    expect(lastText(await kit.exchange(kit.message(bob, '/lang', GROUP, topic(3))))).toBe('Only the group’s admins can do this.');
    const keyboard = sent(await kit.exchange(kit.message(anna, '/lang', GROUP, topic(3)))).at(-1)!;
    const english = buttons(keyboard).find((b) => b.text === 'English')!.callback_data!;
    const calls = await kit.exchange(kit.press(bob, english, { message_id: 70, chat: GROUP }));
    expect(answers(calls)[0]!.payload).toMatchObject({ text: 'Only the group’s admins can do this.', show_alert: true });
    expect(await kit.t.sql('select locale from bot_chat_prefs where telegram_id = ?', [GROUP.id])).toEqual([]);
    expect(kit.api.refused()).toEqual([]);
  });

  it('sets the language the bot speaks in every topic of the group, whoever writes; private chats keep theirs', async () => {
    const calls = await kit.exchange(kit.press(anna, 'lang:en', { message_id: 71, chat: GROUP }));
    expect(calls.find((c) => c.method === 'editMessageText')!.payload.text).toBe('Language: English.');
    // Anna's account stays Russian.
    expect(await kit.t.sql('select locale from users where id = ?', [annaUser.id])).toEqual([{ locale: 'ru' }]);

    // Anna (Russian) in another topic: linked, answered and asked in English.
    expect(lastText(await kit.exchange(kit.message(anna, `/link ${open.project.key}`, GROUP, topic(5))))).toBe('New issues and status changes of the project “Open” will be posted here.');
    expect(await kit.t.sql('select locale from telegram_chat_links where chat_id = ?', [GROUP.id])).toEqual([{ locale: 'en' }]);
    expect(lastText(await kit.exchange(kit.message(anna, '/new', GROUP, topic(5))))).toBe('Issue title?');
    await kit.exchange(kit.message(anna, '/cancel', GROUP, topic(5)));
    // Her private chat is in Russian as before.
    expect(lastText(await kit.exchange(kit.message(anna, '/new')))).toBe('В каком проекте создать задачу?');
    await kit.exchange(kit.message(anna, '/cancel'));
    expect(kit.api.refused()).toEqual([]);
  });

  it('back to Russian: a card button pressed by an English member redraws the card in Russian, and notifications follow', async () => {
    await kit.exchange(kit.press(anna, 'lang:ru', { message_id: 72, chat: GROUP }));
    expect(await kit.t.sql('select locale from telegram_chat_links where chat_id = ?', [GROUP.id])).toEqual([{ locale: 'ru' }]);

    const issue = (await annaUser.client.post('/api/issues', { projectId: open.project.id, title: 'Карточка в группе' })).body.issue as { id: number };
    await kit.settled();
    const post = kit.api.of('sendMessage').find((c) => c.payload.chat_id === GROUP.id && String(c.payload.text).includes('Карточка в группе'))!;
    expect(post.payload.text).toContain('Статус');
    expect(post.payload.text).not.toContain('created the issue');

    const done = open.statuses.find((s) => s.category === 'completed')!;
    const calls = await kit.exchange(kit.press(bob, `ss:${issue.id}:${done.id}`, { message_id: 73, chat: GROUP }));
    const card = calls.find((c) => c.method === 'editMessageText')!.payload.text as string;
    expect(card).toContain('Статус');
    expect(card).not.toContain('Status');
    expect(kit.api.refused()).toEqual([]);
  });
});
