// `/time 1ч 30м` in reply to an issue card logs time on that issue (time tracking, issue 17 item 7),
// through the webhook and the validating Bot API peer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';
import { BotKit, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const ivan: Person = { id: 931001, first_name: 'Ivan', language_code: 'ru' };
const BOT = { id: 4242, is_bot: true, first_name: 'Tracker', username: 'tracker_test_bot' };
let me: TestUser;
let issue: { id: number; key: string };
const entries = async () => kit.t.sql<{ minutes: number; user_id: number }>('select minutes, user_id from time_entries where issue_id = ? order by id', [issue.id]);

beforeAll(async () => {
  await kit.start();
  me = await signUp(kit.t, { name: 'Ivan' });
  await kit.t.sql('update users set telegram_id = ? where id = ?', [ivan.id, me.id]);
  const project = await createProject(me, { name: 'Site' });
  issue = await createIssue(me, project.project.id, { title: 'Fix the login' });
  const viewer = await signUp(kit.t, { name: 'Olga' });
  await kit.t.sql('update users set telegram_id = ? where id = ?', [931002, viewer.id]);
  await addMember(me, project.project.id, viewer, 'viewer');
});
afterAll(() => kit.close());

async function cardMessage(person: Person) {
  const card = sent(await kit.exchange(kit.message(person, `/start issue_${issue.id}`, BotKit.privateChat(person)))).at(-1)!;
  return { message_id: 600, date: 0, chat: BotKit.privateChat(person), from: BOT, text: 'card', reply_markup: card.payload.reply_markup };
}

describe('/time in reply to a card', () => {
  it('logs the time for the replier and says so in their language', async () => {
    const card = await cardMessage(ivan);
    const calls = await kit.exchange(kit.message(ivan, '/time 1ч 30м', undefined, { reply_to_message: card }));
    expect(await entries()).toEqual([{ minutes: 90, user_id: me.id }]);
    expect(sent(calls).at(-1)?.payload.text).toBe('⏱ Записано: 1 ч 30 мин');
    expect(kit.api.refused()).toEqual([]);
  });

  it('explains bad time or a missing card, and writes nothing', async () => {
    const card = await cardMessage(ivan);
    const bad = await kit.exchange(kit.message(ivan, '/time сколько-то', undefined, { reply_to_message: card }));
    expect(sent(bad).at(-1)?.payload.text).toContain('Не понял время');
    const alone = await kit.exchange(kit.message(ivan, '/time 1h'));
    expect(sent(alone).at(-1)?.payload.text).toBe('Чтобы записать время, ответьте на карточку задачи: /time 1ч 30м');
    expect(await entries()).toHaveLength(1);
  });

  it('is refused to someone who may not edit the issue', async () => {
    const olga: Person = { id: 931002, first_name: 'Olga', language_code: 'ru' };
    const card = await cardMessage(olga);
    const calls = await kit.exchange(kit.message(olga, '/time 1h', BotKit.privateChat(olga), { reply_to_message: card }));
    expect(sent(calls).at(-1)?.payload.text).toBe('Недостаточно прав.');
    expect(await entries()).toHaveLength(1);
  });
});
