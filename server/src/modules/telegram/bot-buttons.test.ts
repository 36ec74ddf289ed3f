// Buttons, redelivered updates and private-chat replies through the webhook and the validating Bot
// API peer (issue 16 #10-#16): every callback query answered once, nothing Telegram refuses.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createIssue, createProject, signUp } from '../projects/test-fixtures.ts';
import type { TestUser } from '../projects/test-fixtures.ts';
import { answers, BotKit, buttons, lastText, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const ivan: Person = { id: 920001, first_name: 'Ivan', language_code: 'ru' };
const emma: Person = { id: 920002, first_name: 'Emma', language_code: 'en' };
let me: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
let issueId: number;
const editOf = (calls: { method: string; payload: Record<string, any> }[]) => calls.find((c) => c.method === 'editMessageText');
const dueOf = async (id: number) => (await kit.t.sql<{ due: string | null }>(`select to_char(due_date, 'YYYY-MM-DD') as due from issues where id = ?`, [id]))[0]!.due;

beforeAll(async () => {
  await kit.start();
  me = await signUp(kit.t, { name: 'Ivan' });
  await kit.t.sql('update users set telegram_id = ? where id = ?', [ivan.id, me.id]);
  project = await createProject(me, { name: 'Site' });
  issueId = (await createIssue(me, project.project.id, { title: 'Update the <pricing> page' })).id;
});
afterAll(() => kit.close());
let refusedBefore = 0;
beforeEach(() => void (refusedBefore = kit.api.refused().length));
/** What Telegram refused during this test. */
const refusedNow = () => kit.api.refused().slice(refusedBefore);

describe('callback queries', () => {
  it('each gets exactly one answer: a project button pressed twice, a card button during /new, buttons of an ended dialogue', async () => {
    const picker = sent(await kit.exchange(kit.message(ivan, '/new'))).at(-1)!;
    expect(picker.payload.reply_markup.inline_keyboard.every((row: unknown[]) => row.length > 0)).toBe(true);
    const projectButton = buttons(picker).find((b) => b.text.endsWith('· Site'))!.callback_data!;
    const first = await kit.exchange(kit.press(ivan, projectButton));
    expect(answers(first)).toHaveLength(1);
    expect(lastText(first)).toBe('Название задачи?');
    expect(answers(await kit.exchange(kit.press(ivan, projectButton)))[0]!.payload.text).toBe('Эта кнопка уже не действует.');
    // A card's button while the dialogue waits for a title: the card handles it, the dialogue goes on.
    const card = await kit.exchange(kit.press(ivan, `st:${issueId}`, { message_id: 7, chat: BotKit.privateChat(ivan) }));
    expect(answers(card)).toHaveLength(1);
    expect(card.some((c) => c.method === 'editMessageReplyMarkup')).toBe(true);
    await kit.exchange(kit.message(ivan, '/cancel'));
    expect(answers(await kit.exchange(kit.press(ivan, projectButton)))).toHaveLength(1);
    expect(refusedNow()).toEqual([]);
  });

  it('the same button twice: the second changes nothing and says so, with no error', async () => {
    const at = { message_id: 8, chat: BotKit.privateChat(ivan) };
    await kit.exchange(kit.press(ivan, `cd:${issueId}`, at));
    const once = await kit.exchange(kit.press(ivan, `me:${issueId}`, at));
    expect(answers(once)[0]!.payload.text).toBe('Задача назначена на вас');
    const twice = await kit.exchange(kit.press(ivan, `me:${issueId}`, at));
    expect(answers(twice).map((a) => a.payload.text)).toEqual(['Без изменений']);
    // The unchanged redraw Telegram refuses is taken as "nothing changed", not logged as a failure.
    expect(refusedNow()).toEqual([expect.stringContaining('editMessageText: Bad Request: message is not modified')]);
    expect(kit.errors).toEqual([]);
  });

  it('a stale query still redraws the card with the new state', async () => {
    const done = project.statuses.find((s) => s.category === 'completed')!;
    const update = kit.press(ivan, `ss:${issueId}:${done.id}`, { message_id: 9, chat: BotKit.privateChat(ivan) });
    kit.api.rules.expire(update.callback_query.id);
    const calls = await kit.exchange(update);
    expect(editOf(calls)!.payload.text).toContain(done.name);
    const [row] = await kit.t.sql<{ status_id: number }>('select status_id from issues where id = ?', [issueId]);
    expect(row!.status_id).toBe(done.id);
    expect(refusedNow()).toEqual([expect.stringContaining('answerCallbackQuery: Bad Request: query is too old')]);
    expect(kit.errors).toEqual([]);
  });
});

describe('updates delivered twice', () => {
  it('are applied once', async () => {
    const update = kit.press(ivan, `sz:${issueId}:7`, { message_id: 10, chat: BotKit.privateChat(ivan) });
    await kit.exchange(update);
    const after = await dueOf(issueId);
    expect(await kit.exchange(update)).toEqual([]);
    expect(await dueOf(issueId)).toBe(after);
  });
});

describe('a private chat outside a dialogue', () => {
  it('offers stray text as a new issue, and the button starts /new from it', async () => {
    const stray = kit.message(ivan, 'Сломался экспорт');
    const question = sent(await kit.exchange(stray)).at(-1)!;
    expect(question.payload.text).toBe('Создать задачу из этого сообщения?');
    const data = buttons(question)[0]!.callback_data!;
    const calls = await kit.exchange(kit.press(ivan, data, { message_id: 11, chat: BotKit.privateChat(ivan), reply_to_message: stray.message }));
    expect(lastText(calls)).toContain('Задача из сообщения: «Сломался экспорт».');
    await kit.exchange(kit.message(ivan, '/cancel'));
  });

  it('points an unknown command to /help, answers a sticker, and explains a forward without text', async () => {
    expect(lastText(await kit.exchange(kit.message(ivan, '/foo')))).toBe('Такой команды нет. Список команд — /help.');
    expect(lastText(await kit.exchange(kit.other(ivan, { sticker: { file_id: 's', file_unique_id: 's', type: 'regular', width: 1, height: 1, is_animated: false, is_video: false } })))).toContain('Я понимаю текст и команды');
    const forward = kit.other(ivan, { sticker: { file_id: 's', file_unique_id: 's', type: 'regular', width: 1, height: 1, is_animated: false, is_video: false }, forward_origin: { type: 'hidden_user', sender_user_name: 'X', date: 1 } });
    expect(lastText(await kit.exchange(forward))).toContain('В пересланном сообщении нет текста');
    expect(await kit.t.sql('select key from bot_conversations')).toEqual([]);
    expect(refusedNow()).toEqual([]);
  });
});

describe('search', () => {
  it('finds a word in angle brackets through the API and inline mode', async () => {
    const res = await me.client.get('/api/search?q=pricing');
    expect(res.body.issues.map((i: { id: number }) => i.id)).toContain(issueId);
    const calls = await kit.exchange({ update_id: 999_001, inline_query: { id: 'iq', from: { ...ivan, is_bot: false }, query: 'pricing', offset: '', chat_type: 'sender' } });
    expect(calls.find((c) => c.method === 'answerInlineQuery')!.payload.results.map((r: { id: string }) => r.id)).toContain(`issue_${issueId}`);
  });
});

describe('small glitches', () => {
  it('/my is one message with paging buttons', async () => {
    for (let i = 0; i < 12; i++) await createIssue(me, project.project.id, { title: `Задача ${i}`, assigneeId: me.id });
    const calls = await kit.exchange(kit.message(ivan, '/my'));
    expect(sent(calls)).toHaveLength(1);
    expect(buttons(sent(calls)[0])).toEqual([{ text: 'Дальше ▶️', callback_data: 'my:1' }]);
    const next = await kit.exchange(kit.press(ivan, 'my:1', { message_id: 12, chat: BotKit.privateChat(ivan) }));
    expect(editOf(next)!.payload.text).toContain('Страница 2 из 2');
    expect(answers(next)).toHaveLength(1);
  });

  it('refuses a due date in the past', async () => {
    await kit.exchange(kit.message(ivan, '/new'));
    await kit.exchange(kit.press(ivan, `np:${ivan.id}:${project.project.id}`));
    await kit.exchange(kit.message(ivan, 'Прошлое'));
    await kit.exchange(kit.message(ivan, '/skip'));
    await kit.exchange(kit.press(ivan, `npr:${ivan.id}:none`));
    expect(lastText(await kit.exchange(kit.message(ivan, 'вчера')))).toContain('Эта дата уже прошла');
    expect(lastText(await kit.exchange(kit.message(ivan, 'завтра')))).toContain('Задача создана.');
  });

  it('gives an English user an English menu button, and an unlinked one the button to open Tracker', async () => {
    const calls = await kit.exchange(kit.message(emma, '/start'));
    expect(calls.find((c) => c.method === 'setChatMenuButton')!.payload).toMatchObject({ chat_id: emma.id, menu_button: { text: 'Open Tracker' } });
    const notLinked = sent(await kit.exchange(kit.message(emma, '/my'))).at(-1)!;
    expect(notLinked.payload.text).toContain('not linked');
    expect(buttons(notLinked)).toEqual([{ text: 'Open Tracker', web_app: { url: 'https://tracker.test/en' } }]);
    expect(refusedNow()).toEqual([]);
  });
});
