// Groups through the webhook and the validating Bot API peer: /start's button, two people's /new
// side by side, and which projects a group is offered (issue 16 #2, #3, #4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, signUp } from '../projects/test-fixtures.ts';
import { answers, BotKit, buttons, lastText, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const GROUP = { id: -1007770001, type: 'supergroup', title: 'Team' };
const anna: Person = { id: 910001, first_name: 'Anna', language_code: 'ru' };
const bob: Person = { id: 910002, first_name: 'Bob', language_code: 'en' };
const carl: Person = { id: 910003, first_name: 'Carl', language_code: 'ru' };
let open: Awaited<ReturnType<typeof createProject>>;
let secret: Awaited<ReturnType<typeof createProject>>;

beforeAll(async () => {
  await kit.start();
  const a = await signUp(kit.t, { name: 'Anna' });
  const b = await signUp(kit.t, { name: 'Bob', locale: 'en' });
  await kit.t.sql('update users set telegram_id = ? where id = ?', [anna.id, a.id]);
  await kit.t.sql('update users set telegram_id = ? where id = ?', [bob.id, b.id]);
  open = await createProject(a, { name: 'Open', visibility: 'all' });
  secret = await createProject(a, { name: 'Secret' });
  for (const p of [open, secret]) await a.client.request('PUT', `/api/projects/${p.project.id}/members/${b.id}`, { json: { role: 'member' } });
});
afterAll(() => kit.close());

describe('/start in a group', () => {
  it('opens the mini app through a link button: Telegram refuses web_app buttons outside private chats', async () => {
    const calls = await kit.exchange(kit.message(anna, '/start', GROUP));
    expect(kit.api.refused()).toEqual([]);
    expect(lastText(calls)).toContain('Привет, Anna!');
    expect(buttons(sent(calls).at(-1))).toEqual([{ text: 'Открыть Трекер', url: 'https://t.me/tracker_test_bot?startapp' }]);
  });
});

describe('two people’s /new in one group', () => {
  it('never cross: each has their own dialogue, buttons, /cancel and prompts', async () => {
    const annaNew = kit.message(anna, '/new', GROUP);
    let calls = await kit.exchange(annaNew);
    const annaPicker = sent(calls).at(-1)!;
    expect(annaPicker.payload.text).toBe('В каком проекте создать задачу?');
    expect(annaPicker.payload.reply_parameters).toMatchObject({ message_id: annaNew.message.message_id });

    calls = await kit.exchange(kit.message(bob, '/new', GROUP));
    expect(lastText(calls)).toBe('Which project is the issue for?');

    // Bob presses Anna's button: refused with a short answer, Anna's dialogue does not move.
    const annaButton = buttons(annaPicker)[0]!.callback_data!;
    calls = await kit.exchange(kit.press(bob, annaButton, { message_id: 50, chat: GROUP }));
    expect(answers(calls).map((a) => a.payload.text)).toEqual(['These buttons are for the person who started this dialogue.']);
    expect(sent(calls)).toEqual([]);

    // Bob's /cancel ends Bob's dialogue only; a bystander's message gets no answer.
    expect(lastText(await kit.exchange(kit.message(bob, '/cancel', GROUP)))).toBe('Cancelled.');
    expect(await kit.exchange(kit.message(carl, 'всем привет', GROUP))).toEqual([]);

    calls = await kit.exchange(kit.press(anna, annaButton, { message_id: 50, chat: GROUP }));
    const titlePrompt = sent(calls).at(-1)!;
    expect(titlePrompt.payload.text).toBe('Название задачи?');
    // Under privacy mode only replies reach the bot: a selective force-reply to Anna's own message.
    expect(titlePrompt.payload.reply_markup).toEqual({ force_reply: true, selective: true });
    expect(titlePrompt.payload.reply_parameters).toMatchObject({ message_id: annaNew.message.message_id });

    const title = kit.message(anna, 'Обновить прайс', GROUP);
    calls = await kit.exchange(title);
    expect(lastText(calls)).toContain('Описание?');
    expect(sent(calls).at(-1)!.payload.reply_parameters).toMatchObject({ message_id: title.message.message_id });
    expect(await kit.exchange(kit.message(bob, 'Это не ответ Анне', GROUP))).toEqual([]);
    expect(lastText(await kit.exchange(kit.message(anna, '/skip', GROUP)))).toBe('Приоритет?');
    expect(kit.api.refused()).toEqual([]);
    await kit.exchange(kit.message(anna, '/cancel', GROUP));
  });
});

describe('projects offered in a group', () => {
  const offered = async (who: Person) => buttons(sent(await kit.exchange(kit.message(who, '/new', GROUP))).at(-1)).map((b) => b.text);

  it('are only those open to everyone in Tracker, never a members-only one', async () => {
    const names = await offered(anna);
    expect(names).toContain(`${open.project.key} · Open`);
    expect(names).not.toContain(`${secret.project.key} · Secret`);
    await kit.exchange(kit.message(anna, '/cancel', GROUP));
    // In a private chat the members-only project is offered as before.
    const own = buttons(sent(await kit.exchange(kit.message(anna, '/new'))).at(-1)).map((b) => b.text);
    expect(own).toContain(`${secret.project.key} · Secret`);
    await kit.exchange(kit.message(anna, '/cancel'));
  });

  it('never include a members-only project until its owner confirms the link (bot-group-consent.test.ts)', async () => {
    kit.api.setMember(GROUP.id, anna.id, 'administrator');
    expect(lastText(await kit.exchange(kit.message(anna, `/link ${secret.project.key}`, GROUP)))).toBe('Спросил вас в личном чате: подтвердите привязку там.');
    expect(await offered(bob)).not.toContain(`${secret.project.key} · Secret`);
    await kit.exchange(kit.message(bob, '/cancel', GROUP));
    expect(kit.api.refused()).toEqual([]);
  });
});
