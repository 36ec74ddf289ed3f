// Acting from the chat (issue 16): a text reply to an issue card or a notification becomes a comment
// on that issue, confirmed by a reaction — through the webhook and the validating Bot API peer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';
import { BotKit, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const ivan: Person = { id: 930001, first_name: 'Ivan', language_code: 'ru' };
let me: TestUser;
let issue: { id: number; key: string };
const BOT = { id: 4242, is_bot: true, first_name: 'Tracker', username: 'tracker_test_bot' };
const comments = async () => kit.t.sql<{ body: string; author_id: number }>('select body, author_id from comments where issue_id = ? order by id', [issue.id]);

beforeAll(async () => {
  await kit.start();
  me = await signUp(kit.t, { name: 'Ivan' });
  await kit.t.sql('update users set telegram_id = ? where id = ?', [ivan.id, me.id]);
  const project = await createProject(me, { name: 'Site' });
  issue = await createIssue(me, project.project.id, { title: 'Fix the login' });
});
afterAll(() => kit.close());

/** The card message the bot sent, as Telegram puts it under `reply_to_message`. */
async function cardMessage() {
  const card = sent(await kit.exchange(kit.message(ivan, `/start issue_${issue.id}`))).at(-1)!;
  return { message_id: 500, date: 0, chat: BotKit.privateChat(ivan), from: BOT, text: 'card', reply_markup: card.payload.reply_markup };
}

describe('a reply to a card', () => {
  it('with text becomes a comment by the replier, confirmed with a reaction', async () => {
    const card = await cardMessage();
    const calls = await kit.exchange(kit.message(ivan, 'Проверил на <Safari> — работает', undefined, { reply_to_message: card }));
    expect(await comments()).toEqual([{ body: 'Проверил на <Safari> — работает', author_id: me.id }]);
    const reaction = calls.find((c) => c.method === 'setMessageReaction');
    expect(reaction?.payload.reaction).toEqual([{ type: 'emoji', emoji: '👍' }]);
    expect(sent(calls)).toEqual([]);
    expect(kit.api.refused()).toEqual([]);
  });

  it('to a group card (only its Open link) works too; a reply to anything else is not a comment', async () => {
    const groupCard = { ...(await cardMessage()), reply_markup: { inline_keyboard: [[{ text: 'Открыть', url: `https://t.me/tracker_test_bot?startapp=issue_${issue.id}` }]] } };
    await kit.exchange(kit.message(ivan, 'Второй', undefined, { reply_to_message: groupCard }));
    await kit.exchange(kit.message(ivan, 'Не комментарий', undefined, { reply_to_message: { message_id: 501, date: 0, chat: BotKit.privateChat(ivan), from: BOT, text: 'Привет' } }));
    expect((await comments()).map((c) => c.body)).toEqual(['Проверил на <Safari> — работает', 'Второй']);
  });

  it('from someone who may not see the issue is refused in words, and nothing is written', async () => {
    const stranger: Person = { id: 930002, first_name: 'Olga', language_code: 'ru' };
    const other = await signUp(kit.t, { name: 'Olga' });
    await kit.t.sql('update users set telegram_id = ? where id = ?', [stranger.id, other.id]);
    const card = await cardMessage();
    const calls = await kit.exchange(kit.message(stranger, 'Чужой', BotKit.privateChat(stranger), { reply_to_message: { ...card, chat: BotKit.privateChat(stranger) } }));
    expect(sent(calls).at(-1)?.payload.text).toBe('Задача или проект не найдены.');
    expect((await comments()).map((c) => c.body)).not.toContain('Чужой');
  });
});
