// Nothing of a members-only project reaches a chat others read (issue 16): not a card asked for by
// `/start issue_<id>` in a group, not an inline share into a group.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssue, createProject, signUp } from '../projects/test-fixtures.ts';
import { BotKit, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const GROUP = { id: -1007900001, type: 'supergroup', title: 'Team' };
const ivan: Person = { id: 950001, first_name: 'Ivan', language_code: 'ru' };
let secret: { id: number; key: string };
let open: { id: number; key: string };
let inline = 1;
const inlineQuery = (query: string, chatType: string) => ({
  update_id: 900000 + inline,
  inline_query: { id: `iq${inline++}`, from: { ...ivan, is_bot: false }, query, offset: '', chat_type: chatType },
});

beforeAll(async () => {
  await kit.start();
  const me = await signUp(kit.t, { name: 'Ivan' });
  await kit.t.sql('update users set telegram_id = ? where id = ?', [ivan.id, me.id]);
  const members = await createProject(me, { name: 'Members only' });
  const everyone = await createProject(me, { name: 'Everyone', visibility: 'all' });
  secret = await createIssue(me, members.project.id, { title: 'Secret plan zebra' });
  open = await createIssue(me, everyone.project.id, { title: 'Open plan zebra' });
});
afterAll(() => kit.close());

describe('a members-only project in a group', () => {
  it('/start issue_<id> there shows no card, and says why', async () => {
    const calls = await kit.exchange(kit.message(ivan, `/start issue_${secret.id}`, GROUP));
    expect(sent(calls).map((c) => c.payload.text)).toEqual(['Эта задача из проекта, который видят только его участники, поэтому её карточку здесь не показать. Откройте её в личном чате с ботом.']);
    const shown = await kit.exchange(kit.message(ivan, `/start issue_${open.id}`, GROUP));
    expect(String(sent(shown).at(-1)?.payload.text)).toContain('Open plan zebra');
    expect(kit.api.refused()).toEqual([]);
  });

  it('is not offered for an inline share into a group, but is in the chat with the bot', async () => {
    const titles = async (chatType: string) => {
      const calls = await kit.exchange(inlineQuery('zebra', chatType));
      return (calls.find((c) => c.method === 'answerInlineQuery')!.payload.results as { title: string }[]).map((r) => r.title).sort();
    };
    expect(await titles('supergroup')).toEqual([`${open.key} Open plan zebra`]);
    expect(await titles('sender')).toEqual([`${open.key} Open plan zebra`, `${secret.key} Secret plan zebra`].sort());
  });
});
