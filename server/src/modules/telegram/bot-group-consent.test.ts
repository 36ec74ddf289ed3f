// A members-only project linked to its team's group with its owner's consent (issue 26): the owner —
// and only they — confirm in their private chat that everyone in the group will see the project; the
// group hears nothing of it before. Then the group gets its posts, `/new` creates there for members,
// a non-member learns why in private, and an owner who is not a group admin may unlink.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createProject, type TestUser } from '../projects/test-fixtures.ts';
import { FAKE_BOT_INFO } from '../../test/fake-bot-api.ts';
import { answers, BotKit, buttons, lastText, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const GROUP = { id: -1007790001, type: 'supergroup', title: 'Команда WEB' };
const FORUM = { id: -1007790002, type: 'supergroup', title: 'Форум', is_forum: true };
const ivan: Person = { id: 930001, first_name: 'Ivan', language_code: 'ru' };
const emma: Person = { id: 930002, first_name: 'Emma', language_code: 'en' };
const oleg: Person = { id: 930003, first_name: 'Oleg', language_code: 'ru' };
let web: Awaited<ReturnType<typeof createProject>>;
let ivanUser: TestUser;
let emmaUser: TestUser;

const links = (chatId: number) =>
  kit.t.sql<{ thread_id: number; project_id: number | null; consented: boolean }>('select thread_id, project_id, consented_at is not null as consented from telegram_chat_links where chat_id = ? order by thread_id', [chatId]);
const toGroup = (calls: Awaited<ReturnType<BotKit['exchange']>>, chatId = GROUP.id) => sent(calls).filter((c) => c.payload.chat_id === chatId).map((c) => String(c.payload.text));
const toPerson = (calls: Awaited<ReturnType<BotKit['exchange']>>, p: Person) => sent(calls).filter((c) => c.payload.chat_id === p.id);
let questionMessage = 50;
/** Ivan's private question, pressed by `who` in their private chat. */
const press = (who: Person, data: string) => kit.exchange(kit.press(who, data, { message_id: questionMessage++, chat: BotKit.privateChat(who) }));

async function ask(chat: object = GROUP, extra: object = {}) {
  const calls = await kit.exchange(kit.message(ivan, `/link ${web.project.key}`, chat, extra));
  const question = toPerson(calls, ivan).at(-1)!;
  return { calls, question, yes: buttons(question)[0]!.callback_data!, no: buttons(question)[1]!.callback_data! };
}

beforeAll(async () => {
  await kit.start();
  [ivanUser, emmaUser] = await kit.accounts(ivan, emma, oleg);
  web = await createProject(ivanUser, { key: 'WEBC', name: 'Сайт команды' });
  await addMember(ivanUser, web.project.id, emmaUser, 'member');
  for (const chat of [GROUP, FORUM]) {
    kit.api.setMember(chat.id, ivan.id, 'administrator');
    kit.api.setMember(chat.id, emma.id, 'administrator');
  }
  // The bot administers the group (so it may pin), not the forum.
  kit.api.setMember(GROUP.id, FAKE_BOT_INFO.id, 'administrator');
});
afterAll(() => kit.close());

describe('/link of a members-only project', () => {
  it('by a member who does not own it is refused without naming it', async () => {
    const calls = await kit.exchange(kit.message(emma, `/link ${web.project.key}`, GROUP));
    // The group has no language of its own: Emma is answered in hers.
    expect(toGroup(calls)).toEqual(['This project is visible only to its members: only its owner can link it to a group.']);
    expect(toPerson(calls, emma)).toEqual([]);
    expect(await links(GROUP.id)).toEqual([]);
  });

  it('asks its owner privately; nobody else can answer; declining links nothing', async () => {
    const { calls, question, no } = await ask();
    expect(toGroup(calls)).toEqual(['Спросил вас в личном чате: подтвердите привязку там.']);
    expect(JSON.stringify(sent(calls).filter((c) => c.payload.chat_id === GROUP.id))).not.toContain('Сайт команды');
    expect(question.payload.text).toBe('Все в «Команда WEB» увидят названия, статусы и комментарии проекта «Сайт команды». Привязать?');
    expect(buttons(question).map((b) => b.text)).toEqual(['Привязать', 'Отмена']);

    // Emma, also a group admin and a project member, presses Ivan's button (forged); Ivan presses it in the group.
    const foreign = await press(emma, buttons(question)[0]!.callback_data!);
    expect(answers(foreign)[0]!.payload).toMatchObject({ text: 'This button no longer works.', show_alert: true });
    const inGroup = await kit.exchange(kit.press(ivan, buttons(question)[0]!.callback_data!, { message_id: 49, chat: GROUP }));
    expect(answers(inGroup)[0]!.payload).toMatchObject({ text: 'Эта кнопка уже не действует.', show_alert: true });
    expect(await links(GROUP.id)).toEqual([]);

    const declined = await press(ivan, no);
    expect(declined.find((c) => c.method === 'editMessageText')!.payload.text).toBe('Привязка отменена.');
    expect(toGroup(declined)).toEqual([]);
    expect(await links(GROUP.id)).toEqual([]);
    // An answered question cannot be answered again.
    expect(answers(await press(ivan, buttons(question)[0]!.callback_data!))[0]!.payload.text).toBe('Эта кнопка уже не действует.');
  });

  it('is refused when the owner stopped administering the group before pressing', async () => {
    const { yes } = await ask();
    kit.api.setMember(GROUP.id, ivan.id, 'member');
    expect(answers(await press(ivan, yes))[0]!.payload.text).toBe('Это могут сделать только администраторы группы.');
    kit.api.setMember(GROUP.id, ivan.id, 'administrator');
    expect(await links(GROUP.id)).toEqual([]);
  });

  it('links once the owner confirms: recorded in the activity, then the group gets the project’s posts', async () => {
    const { yes } = await ask();
    const confirmed = await press(ivan, yes);
    expect(confirmed.find((c) => c.method === 'editMessageText')!.payload.text).toBe('Сюда будут приходить новые задачи и смены статусов проекта «Сайт команды».');
    expect(toGroup(confirmed)).toEqual(['Сюда будут приходить новые задачи и смены статусов проекта «Сайт команды».']);
    // The message opens the project in the mini app, and is pinned without a sound.
    const announced = sent(confirmed).find((c) => c.payload.chat_id === GROUP.id)!;
    expect(buttons(announced)).toEqual([{ text: 'Открыть «Сайт команды»', url: `https://t.me/tracker_test_bot?startapp=project_${web.project.key}` }]);
    expect(confirmed.filter((c) => c.method === 'pinChatMessage').map((c) => c.payload)).toEqual([{ chat_id: GROUP.id, message_id: expect.any(Number), disable_notification: true }]);
    expect(confirmed.filter((c) => c.refused)).toEqual([]);
    expect(await links(GROUP.id)).toEqual([{ thread_id: 0, project_id: web.project.id, consented: true }]);
    const activity = (await ivanUser.client.get(`/api/projects/${web.project.id}/activity`)).body.activity as { action: string; newValue: unknown; actor: { id: number } }[];
    expect(activity.find((a) => a.action === 'telegram.linked')).toMatchObject({ newValue: { chat: 'Команда WEB' }, actor: { id: ivanUser.id } });
    expect(lastText(await kit.exchange(kit.message(ivan, `/link ${web.project.key}`, GROUP)))).toBe('Сюда уже приходят новые задачи и смены статусов проекта «Сайт команды».');

    await ivanUser.client.post('/api/issues', { projectId: web.project.id, title: 'Починить вход' });
    await kit.settled();
    expect(kit.api.of('sendMessage').filter((c) => c.payload.chat_id === GROUP.id && String(c.payload.text).includes('Починить вход'))).toHaveLength(1);
  });

  it('in the linked group, a member’s /new creates in the project; a non-member’s creates nothing and is told privately', async () => {
    await kit.exchange(kit.message(emma, '/new Обновить зависимости', GROUP));
    await kit.settled();
    expect(await kit.t.sql('select title from issues where project_id = ? and title = ?', [web.project.id, 'Обновить зависимости'])).toHaveLength(1);

    const calls = await kit.exchange(kit.message(oleg, '/new Чужая задача', GROUP));
    expect(toGroup(calls)).toEqual(['Ответил вам в личном чате.']);
    expect(toPerson(calls, oleg).map((c) => c.payload.text)).toEqual([
      'В «Команда WEB» задачи создаются в привязанном к ней проекте или потоке, а вы не можете создавать там задачи, поэтому ничего не создано. Попросите владельца проекта пригласить вас участником.',
    ]);
    expect(await kit.t.sql('select id from issues where title = ?', ['Чужая задача'])).toEqual([]);
  });

  it('in a forum topic links that topic; the owner who is not a group admin may unlink, recorded in the activity', async () => {
    const topic = { is_topic_message: true, message_thread_id: 77 };
    const { question, yes } = await ask(FORUM, topic);
    expect(question.payload.text).toContain('«Форум»');
    const confirmed = await press(ivan, yes);
    expect(sent(confirmed).find((c) => c.payload.chat_id === FORUM.id)!.payload.message_thread_id).toBe(77);
    // Not an administrator of the forum, the bot may not pin: it asks, and leaves the message unpinned.
    expect(confirmed.filter((c) => c.method === 'pinChatMessage')).toEqual([]);
    expect(await links(FORUM.id)).toEqual([{ thread_id: 77, project_id: web.project.id, consented: true }]);

    kit.api.setMember(FORUM.id, ivan.id, 'member');
    expect(lastText(await kit.exchange(kit.message(oleg, '/unlink', FORUM, topic)))).toBe('Снять привязку могут администраторы группы и владельцы привязанного проекта.');
    expect(lastText(await kit.exchange(kit.message(ivan, '/unlink', FORUM, topic)))).toBe('Привязка снята: новые задачи и смены статусов сюда больше не приходят.');
    expect(await links(FORUM.id)).toEqual([]);
    const activity = (await ivanUser.client.get(`/api/projects/${web.project.id}/activity`)).body.activity as { action: string; oldValue: unknown }[];
    expect(activity.find((a) => a.action === 'telegram.unlinked')).toMatchObject({ oldValue: { chat: 'Форум' } });
    expect(kit.api.refused()).toEqual([]);
  });

  it('asks the owner to open a private chat first when the bot may not write there', async () => {
    kit.api.setMember(FORUM.id, ivan.id, 'administrator');
    kit.api.rules.block(ivan.id, 'notStarted');
    const calls = await kit.exchange(kit.message(ivan, `/link ${web.project.key}`, FORUM));
    kit.api.rules.unblock(ivan.id);
    expect(toGroup(calls, FORUM.id)).toEqual(['Подтвердить привязку нужно в личном чате, а первым написать вам я не могу: откройте его кнопкой ниже и отправьте /link здесь ещё раз.']);
    expect(buttons(sent(calls).find((c) => c.payload.chat_id === FORUM.id))[0]!.url).toMatch(/^https:\/\/t\.me\/\w+$/);
  });
});
