// Capture from a team's chat into Triage (issue 26): `/issue` — or a mention of the bot — in reply to
// any message of a linked group makes it an issue in the project's Triage (text, author, a link back,
// its voice note attached), answered with the card under the message. The card's Accept and Decline
// act for members only; a decline's reason is posted under the captured message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createProject, type TestUser } from '../projects/test-fixtures.ts';
import { FAKE_BOT_INFO } from '../../test/fake-bot-api.ts';
import { answers, BotKit, buttons, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const GROUP = { id: -1007790011, type: 'supergroup', title: 'Команда WEB' };
const ivan: Person = { id: 931001, first_name: 'Ivan', language_code: 'ru' };
const emma: Person = { id: 931002, first_name: 'Emma', language_code: 'en' };
const oleg: Person = { id: 931003, first_name: 'Oleg', language_code: 'ru' };
let web: Awaited<ReturnType<typeof createProject>>;
let emmaUser: TestUser;
let ivanUser: TestUser;
let olegUser: TestUser;

const toGroup = (calls: Awaited<ReturnType<BotKit['exchange']>>) => sent(calls).filter((c) => c.payload.chat_id === GROUP.id);
const issueTitled = async (title: string) =>
  (await kit.t.sql<{ id: number; category: string; description: string }>('select i.id, s.category, i.description from issues i join statuses s on s.id = i.status_id where i.title = ? and i.project_id = ?', [title, web.project.id]))[0];

beforeAll(async () => {
  await kit.start();
  [ivanUser, emmaUser, olegUser] = await kit.accounts(ivan, emma, oleg);
  web = await createProject(ivanUser, { key: 'WEBT', name: 'Сайт команды' });
  await addMember(ivanUser, web.project.id, emmaUser, 'member');
  // Linked with the owner's consent (bot-group-consent.test.ts shows how).
  await kit.t.sql('insert into telegram_chat_links (chat_id, thread_id, project_id, created_by, consented_by, consented_at, locale) values (?, 0, ?, ?, ?, now(), ?)', [GROUP.id, web.project.id, ivanUser.id, ivanUser.id, 'ru']);
});
afterAll(() => {
  expect(kit.errors).toEqual([]);
  return kit.close();
});

describe('capture from a linked group', () => {
  it('/issue in reply makes the message an issue in Triage, with a link back, answered with the card under it', async () => {
    const source = kit.message(oleg, 'Кнопка входа не работает\nНа телефоне с Android после обновления', GROUP);
    await kit.exchange(source);
    const calls = await kit.exchange(kit.message(emma, '/issue', GROUP, { reply_to_message: source.message }));
    const issue = await issueTitled('Кнопка входа не работает');
    expect(issue).toMatchObject({ category: 'triage' });
    expect(issue!.description).toBe(`> Кнопка входа не работает\n> На телефоне с Android после обновления\n\n— Oleg, [в Telegram](https://t.me/c/7790011/${source.message.message_id})`);
    expect(await kit.t.sql('select name from statuses where project_id = ? and category = ?', [web.project.id, 'triage'])).toEqual([{ name: 'Разбор' }]);

    const [card] = toGroup(calls);
    expect(card!.payload.reply_parameters).toMatchObject({ message_id: source.message.message_id });
    expect(String(card!.payload.text)).toContain('Кнопка входа не работает');
    expect(buttons(card).map((b) => b.text).slice(0, 2)).toEqual(['Принять', 'Отклонить']);
    // The group has the card already: the project's "new issue" post skips it.
    await kit.settled();
    expect(kit.api.of('sendMessage').filter((c) => c.payload.chat_id === GROUP.id && String(c.payload.text).includes('Кнопка входа'))).toHaveLength(1);

    // Accept is for the project's people: Oleg is told so, Emma accepts.
    const pressIn = (who: Person) => kit.exchange(kit.press(who, buttons(card)[0]!.callback_data!, { message_id: 900, chat: GROUP }));
    expect(answers(await pressIn(oleg))[0]!.payload).toMatchObject({ text: 'Принимать и отклонять задачи проекта могут только его участники.', show_alert: true });
    expect((await issueTitled('Кнопка входа не работает'))!.category).toBe('triage');
    const accepted = await pressIn(emma);
    expect(answers(accepted)[0]!.payload.text).toBe('Принято');
    expect((await issueTitled('Кнопка входа не работает'))!.category).toBe('unstarted');
    expect(buttons(accepted.find((c) => c.method === 'editMessageText')).map((b) => b.text)).not.toContain('Принять');
  });

  it('takes the words after /issue as the title, and a mention of the bot works the same; the voice note is attached', async () => {
    kit.api.files.add(Buffer.from('OggS voice'), { folder: 'voice', ext: '.oga' });
    const voice = kit.api.files.add(Buffer.from('OggS voice note bytes'), { folder: 'voice', ext: '.oga' });
    const spoken = kit.other(oleg, { voice: { ...voice, duration: 3, mime_type: 'audio/ogg' }, caption: 'Голосом: сломался экспорт' }, GROUP);
    await kit.exchange(spoken);
    await kit.exchange(kit.message(emma, '/issue Экспорт в CSV', GROUP, { reply_to_message: spoken.message }));
    const exported = await issueTitled('Экспорт в CSV');
    expect(exported?.category).toBe('triage');
    expect(await kit.t.sql('select mime_type from attachments where issue_id = ?', [exported!.id])).toEqual([{ mime_type: 'audio/ogg' }]);

    const plain = kit.message(oleg, 'Падает поиск по задачам', GROUP);
    await kit.exchange(plain);
    const mention = '@tracker_test_bot запиши';
    await kit.exchange(kit.message(emma, mention, GROUP, { reply_to_message: plain.message, entities: [{ type: 'mention', offset: 0, length: 17 }] }));
    expect((await issueTitled('запиши'))?.category).toBe('triage');
  });

  it('says what it can capture, and how; a non-member creates nothing and is told privately', async () => {
    const sticker = kit.other(oleg, { sticker: { file_id: 'st1', file_unique_id: 'st1u', type: 'regular', width: 512, height: 512, is_animated: false, is_video: false } }, GROUP);
    await kit.exchange(sticker);
    const refused = await kit.exchange(kit.message(emma, '/issue', GROUP, { reply_to_message: sticker.message }));
    expect(toGroup(refused).map((c) => c.payload.text)).toEqual(['Задачей может стать текст, фото, файл, голосовое или видеосообщение — но не стикер, опрос или служебное сообщение.']);
    const usage = await kit.exchange(kit.message(emma, '/issue', GROUP));
    expect(toGroup(usage).map((c) => c.payload.text)).toEqual(['Ответьте на сообщение командой /issue, и оно станет задачей: слова после /issue станут её названием.']);

    const note = kit.message(ivan, 'Секретная мысль', GROUP);
    await kit.exchange(note);
    const calls = await kit.exchange(kit.message(oleg, '/issue', GROUP, { reply_to_message: note.message }));
    expect(toGroup(calls).map((c) => c.payload.text)).toEqual(['Ответил вам в личном чате.']);
    expect(sent(calls).filter((c) => c.payload.chat_id === oleg.id)).toHaveLength(1);
    expect(await issueTitled('Секретная мысль')).toBeUndefined();
    expect(kit.api.refused()).toEqual([]);
  });
});

describe('triage from the group card', () => {
  it('Snooze takes it out of the list until tomorrow; Duplicate says how, and /duplicate KEY in reply to the card closes it', async () => {
    const first = kit.message(oleg, 'Не приходят письма', GROUP);
    await kit.exchange(first);
    const card = toGroup(await kit.exchange(kit.message(emma, '/issue', GROUP, { reply_to_message: first.message })))[0]!;
    expect(buttons(card).map((b) => b.text).slice(0, 4)).toEqual(['Принять', 'Отклонить', 'Дубликат', 'Отложить на день']);
    const press = (data: string) => kit.exchange(kit.press(emma, data, { message_id: 901, chat: GROUP }));

    const snoozed = await press(buttons(card)[3]!.callback_data!);
    expect(answers(snoozed)[0]!.payload.text).toBe('Отложено до завтра');
    const issue = (await issueTitled('Не приходят письма'))!;
    const [row] = await kit.t.sql<{ hours: number }>('select round(extract(epoch from until - now()) / 3600)::int as hours from triage_snoozes where issue_id = ?', [issue.id]);
    expect(row!.hours).toBe(24);

    expect(answers(await press(buttons(card)[2]!.callback_data!))[0]!.payload).toMatchObject({ text: 'Ответьте на карточку командой /duplicate КЛЮЧ-12 — задача, дубликатом которой она является.', show_alert: true });
    const numberOf = async (id: number) => (await kit.t.sql<{ number: number }>('select number from issues where id = ?', [id]))[0]!.number;
    const original = (await kit.t.sql<{ number: number }>('select number from issues where project_id = ? order by id limit 1', [web.project.id]))[0]!;
    const cardMessage = { message_id: 901, date: 0, chat: GROUP, from: { id: FAKE_BOT_INFO.id, is_bot: true, first_name: 'Tracker', username: 'tracker_test_bot' }, text: 'card', reply_markup: card.payload.reply_markup };
    const done = await kit.exchange(kit.message(emma, `/duplicate webt-${original.number}`, GROUP, { reply_to_message: cardMessage }));
    expect(toGroup(done).map((c) => c.payload.text)).toEqual([`WEBT-${await numberOf(issue.id)} закрыта как дубликат WEBT-${original.number}.`]);
    expect((await issueTitled('Не приходят письма'))!.category).toBe('canceled');
  });
});

describe('triage through the API', () => {
  it('lists what waits, declines with the reason posted under the source message, snoozes, and refuses an issue not in Triage', async () => {
    const source = kit.message(oleg, 'Дубль старой ошибки', GROUP);
    await kit.exchange(source);
    await kit.exchange(kit.message(emma, '/issue', GROUP, { reply_to_message: source.message }));
    const issue = (await issueTitled('Дубль старой ошибки'))!;
    const list = await emmaUser.client.get(`/api/projects/${web.project.id}/triage`);
    expect(list.body.enabled).toBe(true);
    const listed = (list.body.issues as { issue: { id: number }; source: { author: string; url: string } | null }[]).find((i) => i.issue.id === issue.id);
    expect(listed?.source).toEqual({ author: 'Oleg', url: `https://t.me/c/7790011/${source.message.message_id}` });

    const snoozed = await emmaUser.client.post(`/api/issues/${issue.id}/triage`, { action: 'snooze', until: new Date(Date.now() + 86_400_000).toISOString() });
    expect(snoozed.status).toBe(200);
    const after = (await emmaUser.client.get(`/api/projects/${web.project.id}/triage`)).body.issues as { issue: { id: number }; snoozedUntil: string | null }[];
    expect(after.at(-1)).toMatchObject({ issue: { id: issue.id }, snoozedUntil: expect.any(String) });
    expect((await emmaUser.client.post(`/api/issues/${issue.id}/triage`, { action: 'snooze', until: '2020-01-01T00:00:00Z' })).status).toBe(400);

    const declined = await emmaUser.client.post(`/api/issues/${issue.id}/triage`, { action: 'decline', reason: 'Уже исправлено в 2.1' });
    expect(declined.status).toBe(200);
    expect((await issueTitled('Дубль старой ошибки'))!.category).toBe('canceled');
    await kit.settled();
    const reply = kit.api.of('sendMessage').find((c) => c.payload.chat_id === GROUP.id && String(c.payload.text).includes('Уже исправлено'));
    expect(reply?.payload).toMatchObject({ text: 'Отклонено в Трекере: Уже исправлено в 2.1', reply_parameters: { message_id: source.message.message_id } });

    const again = await emmaUser.client.post(`/api/issues/${issue.id}/triage`, { action: 'accept' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusMessage: 'Эта задача уже не на разборе', data: { code: 'not_in_triage' } });
    expect((await emmaUser.client.post(`/api/issues/${issue.id}/triage`, { action: 'maybe' })).status).toBe(400);

    // Triage is one status of a project.
    const second = await ivanUser.client.post(`/api/projects/${web.project.id}/statuses`, { name: 'Ещё разбор', category: 'triage' });
    expect(second.status).toBe(400);
    expect(second.body.data.issues).toEqual([{ path: ['category'], message: 'validation.oneTriage', code: 'custom' }]);
  });
});

describe('a message forwarded to the bot', () => {
  it('lands in the Triage of a project that has one, and in the first status of one that has none', async () => {
    await createProject(emmaUser, { key: 'NOTR', name: 'Без разбора' });
    const forwardTo = async (text: string, projectName: string) => {
      const forward = kit.message(emma, text, BotKit.privateChat(emma), { forward_origin: { type: 'hidden_user', sender_user_name: 'Клиент', date: 1 } });
      const picker = sent(await kit.exchange(forward)).at(-1)!;
      await kit.exchange(kit.press(emma, buttons(picker).find((b) => b.text.endsWith(`· ${projectName}`))!.callback_data!));
      await kit.exchange(kit.press(emma, `npr:${emma.id}:none`));
      await kit.exchange(kit.press(emma, `nd:${emma.id}:none`));
    };
    await forwardTo('Клиент не может оплатить', 'Сайт команды');
    expect((await issueTitled('Клиент не может оплатить'))!.category).toBe('triage');
    await forwardTo('Клиент просит счёт', 'Без разбора');
    expect(await kit.t.sql('select s.category from issues i join statuses s on s.id = i.status_id where i.title = ?', ['Клиент просит счёт'])).toEqual([{ category: 'backlog' }]);
  });
});

describe('the inbox\'s Triage', () => {
  it('lists what waits in every project where I am a member or owner, and nothing of others', async () => {
    const keys = async (user: TestUser) => ((await user.client.get('/api/triage')).body.issues as { issue: { key: string; projectId: number } }[]).map((i) => i.issue.projectId);
    expect(await keys(emmaUser)).toContain(web.project.id);
    expect(await keys(ivanUser)).toContain(web.project.id);
    expect(await keys(olegUser)).toEqual([]);
    expect((await kit.t.client().get('/api/triage')).status).toBe(401);
  });
});
