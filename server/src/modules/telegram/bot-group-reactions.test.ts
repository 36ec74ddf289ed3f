// `/settings` in a team's group and capture by a ✍ reaction (issue 26, part 3): only the group's
// administrators change settings; Telegram sends reactions only to an administrator bot (the peer
// delivers none otherwise), so /settings says so instead of turning capture on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_BOT_INFO } from '../../test/fake-bot-api.ts';
import { addMember, createProject } from '../projects/test-fixtures.ts';
import { answers, BotKit, buttons, lastText, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const GROUP = { id: -1007790201, type: 'supergroup', title: 'Команда' };
const ivan: Person = { id: 930201, first_name: 'Ivan', language_code: 'ru' };
const emma: Person = { id: 930202, first_name: 'Emma', language_code: 'en' };
const oleg: Person = { id: 930203, first_name: 'Oleg', language_code: 'ru' };
let web: Awaited<ReturnType<typeof createProject>>;
/** The settings message the presses are on (the peer checks edits against what it holds). */
const settingsMessage = 5;

const setting = async () => (await kit.t.sql<{ capture_reactions: boolean }>('select capture_reactions from telegram_chat_settings where chat_id = ?', [GROUP.id]))[0]?.capture_reactions ?? false;
const pressSetting = (who: Person, data: string) => kit.exchange(kit.press(who, data, { message_id: settingsMessage, chat: GROUP, text: 'x' }));
const kept = async () => (await kit.t.sql<{ n: number }>('select count(*)::int as n from telegram_recent_messages where chat_id = ?', [GROUP.id]))[0]!.n;

beforeAll(async () => {
  await kit.start();
  const [ivanUser, emmaUser] = await kit.accounts(ivan, emma, oleg);
  web = await createProject(ivanUser, { key: 'WEBR', name: 'Сайт' });
  await addMember(ivanUser, web.project.id, emmaUser, 'member');
  kit.api.setMember(GROUP.id, ivan.id, 'administrator');
  const asked = await kit.exchange(kit.message(ivan, `/link ${web.project.key}`, GROUP));
  await kit.exchange(kit.press(ivan, buttons(sent(asked).find((c) => c.payload.chat_id === ivan.id))[0]!.callback_data!, { message_id: 70, chat: BotKit.privateChat(ivan) }));
});
afterAll(() => kit.close());

describe('/settings and capture by ✍', () => {
  it('says so while the bot is not an administrator, and does not turn capture on', async () => {
    const calls = await kit.exchange(kit.message(ivan, '/settings', GROUP));
    const shown = sent(calls).at(-1)!;
    expect(shown.payload.text).toBe(
      'Настройки группы:\n✍ Задачи по реакции: выключены.\nЕжедневная сводка: выключена.\n\nЯ здесь не администратор, поэтому Telegram не присылает мне реакции: сделайте меня администратором, чтобы задачи создавались по ✍.',
    );
    const turnOn = buttons(shown)[0]!.callback_data!;
    expect(answers(await pressSetting(ivan, turnOn))[0]!.payload).toMatchObject({ show_alert: true, text: expect.stringContaining('Я здесь не администратор') });
    expect(await setting()).toBe(false);
    // Telegram delivers no reaction to a bot that does not administer the group.
    expect(await kit.exchange(kit.react(ivan, GROUP, 1, '✍'))).toEqual([]);
    expect(lastText(await kit.exchange(kit.message(emma, '/settings', GROUP)))).toBe('Это могут сделать только администраторы группы.');
  });

  it('an administrator turns it on; a ✍ by a member captures the message into Triage with the card under it', async () => {
    kit.api.setMember(GROUP.id, FAKE_BOT_INFO.id, 'administrator');
    const shown = sent(await kit.exchange(kit.message(ivan, '/settings', GROUP))).at(-1)!;
    const turnOn = buttons(shown)[0]!.callback_data!;
    expect(answers(await pressSetting(emma, turnOn))[0]!.payload).toMatchObject({ show_alert: true, text: 'Это могут сделать только администраторы группы.' });
    const pressed = await pressSetting(ivan, turnOn);
    expect(pressed.find((c) => c.method === 'editMessageText')!.payload.text).toContain('✍ Задачи по реакции: включены');
    expect(await setting()).toBe(true);

    const said = kit.message(oleg, 'Кнопка входа не работает\nна телефоне', GROUP);
    await kit.exchange(said);
    const calls = await kit.exchange(kit.react(emma, GROUP, said.message.message_id, '✍'));
    const card = sent(calls).at(-1)!;
    expect(card.payload).toMatchObject({ chat_id: GROUP.id, reply_parameters: { message_id: said.message.message_id } });
    expect(card.payload.text).toContain('Кнопка входа не работает');
    const [issue] = await kit.t.sql<{ title: string; category: string; description: string }>(
      `select i.title, s.category, i.description from issues i join statuses s on s.id = i.status_id where i.project_id = ? and i.title = ?`,
      [web.project.id, 'Кнопка входа не работает'],
    );
    expect(issue).toMatchObject({ category: 'triage', description: expect.stringContaining('> на телефоне') });

    // A second ✍ on it (the reaction was there already) captures nothing more.
    expect(sent(await kit.exchange(kit.react(ivan, GROUP, said.message.message_id, '👍', ['✍'])))).toEqual([]);
    expect(kit.api.refused()).toEqual([]);
  });

  it('a ✍ by someone who is not a member tells them in private and nothing in the group', async () => {
    const said = kit.message(ivan, 'Обновить политику паролей', GROUP);
    await kit.exchange(said);
    const calls = await kit.exchange(kit.react(oleg, GROUP, said.message.message_id, '✍'));
    expect(sent(calls).map((c) => c.payload.chat_id)).toEqual([oleg.id]);
    expect(await kit.t.sql('select id from issues where title = ?', ['Обновить политику паролей'])).toEqual([]);
  });

  it('turning it off drops the kept messages', async () => {
    expect(await kept()).toBeGreaterThan(0);
    const shown = sent(await kit.exchange(kit.message(ivan, '/settings', GROUP))).at(-1)!;
    await pressSetting(ivan, buttons(shown)[0]!.callback_data!);
    expect(await setting()).toBe(false);
    expect(await kept()).toBe(0);
  });
});
