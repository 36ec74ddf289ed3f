// One rule for everything the bot says in a group (issue 25): a group is shown only what every member
// of it may see. A member of a members-only project runs every command the bot registers and presses
// every kind of button it has, in a group that also has a non-member; nothing the group (or a share
// into a group) is shown may name that project, its issue, its templates or its statuses.
import { Composer } from 'grammy';
import { callbacks } from '@tracker/bot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BotApiCall } from '../../test/fake-bot-api.ts';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';
import { BotKit, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const GROUP = { id: -1007925001, type: 'supergroup', title: 'Команда' };
const member: Person = { id: 925001, first_name: 'Ivan', language_code: 'en' };
const outsider: Person = { id: 925002, first_name: 'Oleg', language_code: 'ru' };
// The members-only project's name, an issue key of it, its issue's title, template and status. The
// key alone is not looked for: a person may type it, and the bot repeats what they typed.
const PRIVATE = [/Тайный аудит/, /HUSH-\d/, /Секретный аудит доступа/, /Засекречено/, /Под грифом/];

let commands: string[] = [];
let ivan: TestUser;
let secret: { id: number; key: string };
const projects = { open: 0, hush: 0 };
let hushStatus: number;
let hushStarted: number;
let hushTemplate: number;
let hushCycle: number;
let openCycle: number;
let stream: number;
let openKey: string;

/** The bot's own registration: every `command()` of every Composer built while the server makes the bot. */
async function startRecordingCommands(): Promise<string[]> {
  const seen = new Set<string>();
  const command = Composer.prototype.command;
  const spy = vi.spyOn(Composer.prototype, 'command').mockImplementation(function (this: Composer<never>, names: unknown, ...rest: unknown[]) {
    for (const name of [names].flat()) seen.add(String(name));
    return (command as (...args: unknown[]) => never).call(this, names, ...rest);
  });
  try {
    await kit.start();
  } finally {
    spy.mockRestore();
  }
  return [...seen].sort();
}

beforeAll(async () => {
  commands = await startRecordingCommands();
  ivan = await signUp(kit.t, { name: 'Ivan', locale: 'en' });
  const oleg = await signUp(kit.t, { name: 'Oleg' });
  await kit.t.sql('update users set telegram_id = ? where id = ?', [member.id, ivan.id]);
  await kit.t.sql('update users set telegram_id = ? where id = ?', [outsider.id, oleg.id]);
  const open = await createProject(ivan, { name: 'Общий', visibility: 'all' });
  await addMember(ivan, open.project.id, oleg, 'member');
  const hush = await createProject(ivan, { key: 'HUSH', name: 'Тайный аудит' });
  Object.assign(projects, { open: open.project.id, hush: hush.project.id });
  openKey = open.project.key;
  hushStatus = hush.statuses[0]!.id;
  hushStarted = hush.statuses.find((st) => st.category === 'started')!.id;
  await kit.t.sql('update statuses set name = ? where id = ?', ['Под грифом', hushStatus]);
  stream = ((await ivan.client.post('/api/streams', { name: 'Релиз' })).body.stream as { id: number }).id;
  const template = async (projectId: number, name: string) => (await ivan.client.post(`/api/projects/${projectId}/templates`, { name, titlePattern: '{title}' })).body.template.id as number;
  hushTemplate = await template(hush.project.id, 'Засекречено');
  await template(open.project.id, 'Общий');
  const firstCycle = async (projectId: number) => (await ivan.client.request('PUT', `/api/projects/${projectId}/cycle-settings`, { json: { weeks: 2, startDay: 1 } })).body.cycles[0].id as number;
  hushCycle = await firstCycle(hush.project.id);
  openCycle = await firstCycle(open.project.id);
  const [today] = await kit.t.sql<{ d: string }>(`select to_char((now() at time zone 'Europe/Moscow')::date, 'YYYY-MM-DD') as d`);
  await createIssue(ivan, open.project.id, { title: 'Общая задача', assigneeId: ivan.id, dueDate: today!.d, streamIds: [stream] });
  // Last, so the members-only project is the one Ivan last created in (a one-line /new's fallback).
  secret = await createIssue(ivan, hush.project.id, { title: 'Секретный аудит доступа', assigneeId: ivan.id, dueDate: today!.d, streamIds: [stream] });
  kit.api.setMember(GROUP.id, member.id, 'administrator');
  kit.api.setMember(GROUP.id, outsider.id, 'member');
  // The group speaks Russian; Ivan's own answers come in his English.
  await kit.exchange(kit.press(member, callbacks.language.encode('ru'), { message_id: 1, chat: GROUP }));
});
afterAll(() => kit.close());

/** The bot's card of the members-only issue, as if it were in the group (an old card, a forged one). */
const secretCard = () => ({
  message_id: 7,
  date: Math.floor(Date.now() / 1000),
  chat: GROUP,
  from: { id: 4242, is_bot: true, first_name: 'Tracker', username: 'tracker_test_bot' },
  text: 'card',
  reply_markup: { inline_keyboard: [[{ text: 'Open', url: `https://t.me/tracker_test_bot?startapp=issue_${secret.id}` }]] },
});

// Each update sent, with the index of the first Bot API call made after it, to name a leak's cause.
const sweep: { label: string; from: number }[] = [];
const publicInline = new Set<string>();

async function send(label: string, update: unknown) {
  sweep.push({ label, from: kit.api.calls.length });
  await kit.exchange(update);
}

/** Ends Ivan's `/new` dialogue when one is going (checked in the dialogue store, not by sending more). */
async function cancelDialogue(after: string) {
  const [going] = await kit.t.sql<{ n: number }>('select count(*)::int as n from bot_conversations');
  if (going!.n) await send(`/cancel after ${after}`, kit.message(member, '/cancel', GROUP));
}

/** What the group (or a share into a group) was shown that names the members-only project. */
function leaks(calls: BotApiCall[], offset = 0): string[] {
  const found: string[] = [];
  calls.forEach((call, i) => {
    const shown = Number(call.payload.chat_id) === GROUP.id || (call.method === 'answerInlineQuery' && publicInline.has(call.payload.inline_query_id));
    const text = JSON.stringify(call.payload);
    const label = sweep.findLast((s) => s.from <= i + offset)?.label ?? '(setup)';
    if (shown) for (const name of PRIVATE) if (name.test(text)) found.push(`${label} → ${call.method}: ${text}`);
  });
  return found;
}

describe('everything the bot says in a group', () => {
  it('names nothing of a members-only project, for every command and every button', async () => {
    // The recording saw the bot's registration: every command of its menu, and those outside it.
    const menu = (kit.api.of('setMyCommands')[0]!.payload.commands as { command: string }[]).map((c) => c.command);
    expect(commands).toEqual(expect.arrayContaining([...menu, 'start', 'link', 'unlink', 'time']));

    const args: Record<string, string[]> = {
      start: [`issue_${secret.id}`, 'my', 'today', 'digest'],
      new: ['Проверить журнал +HUSH', '/шаблон журнал'],
      link: ['HUSH', `stream_${stream}`, openKey],
      time: ['1h'],
    };
    for (const command of commands) {
      for (const arg of new Set(['', 'HUSH', ...(args[command] ?? [])])) {
        const text = arg ? `/${command} ${arg}` : `/${command}`;
        await send(text, kit.message(member, text, GROUP));
        await cancelDialogue(text);
      }
      // As a reply to a card of the members-only issue (what /time and replies act on).
      const text = command === 'time' ? '/time 1h' : `/${command}`;
      await send(`${text} in reply to a card`, kit.message(member, text, GROUP, { reply_to_message: secretCard() }));
      await cancelDialogue(text);
    }
    await send('a comment in reply to a card', kit.message(member, 'Готово', GROUP, { reply_to_message: secretCard() }));

    // Every kind of button, with values that point at the members-only project and its issue.
    const me = member.id;
    const presses: Record<keyof typeof callbacks, string[]> = {
      statuses: [callbacks.statuses.encode(secret.id)],
      card: [callbacks.card.encode(secret.id)],
      setStatus: [callbacks.setStatus.encode(secret.id, hushStatus)],
      moveTo: [callbacks.moveTo.encode(secret.id, 'started')],
      assignMe: [callbacks.assignMe.encode(secret.id)],
      triageAccept: [callbacks.triageAccept.encode(secret.id)],
      triageDecline: [callbacks.triageDecline.encode(secret.id)],
      triageSnooze: [callbacks.triageSnooze.encode(secret.id)],
      triageDuplicate: [callbacks.triageDuplicate.encode(secret.id)],
      snooze: [callbacks.snooze.encode(secret.id, 1)],
      dueIn: [callbacks.dueIn.encode(secret.id, 1)],
      remindLater: [callbacks.remindLater.encode(secret.id)],
      language: [callbacks.language.encode('ru')],
      project: [callbacks.project.encode(me, projects.hush)],
      priority: [callbacks.priority.encode(me, 'high')],
      due: [callbacks.due.encode(me, 'today')],
      template: [callbacks.template.encode(me, hushTemplate)],
      cycle: [callbacks.cycle.encode(me, hushCycle)],
      fromMessage: [callbacks.fromMessage.encode()],
      myPage: [callbacks.myPage.encode(0)],
      // Questions asked in Ivan's private chat (none here), and one of his pressed in the group.
      linkConfirm: [callbacks.linkConfirm.encode(1)],
      linkCancel: [callbacks.linkCancel.encode(1)],
      groupSetting: [callbacks.groupSetting.encode('capture'), callbacks.groupSetting.encode('standup')],
    };
    expect(Object.keys(presses).sort()).toEqual(Object.keys(callbacks).sort());
    const typed = { message_id: 8, date: Math.floor(Date.now() / 1000), chat: GROUP, from: { ...member, is_bot: false }, text: 'Проверить журнал' };
    let messageId = 100;
    const press = (label: string, data: string) => send(label, kit.press(member, data, { message_id: messageId++, chat: GROUP, text: 'x', reply_to_message: typed }));
    for (const [kind, datas] of Object.entries(presses)) {
      for (const data of datas) {
        await press(`${kind} ${data}`, data);
        await cancelDialogue(kind);
      }
    }
    // A whole /new dialogue, offered the members-only project's buttons at each step.
    await send('/new', kit.message(member, '/new', GROUP));
    await press('the members-only project in /new', presses.project[0]!);
    await press('an open project in /new', callbacks.project.encode(me, projects.open));
    await press('the members-only template in /new', presses.template[0]!);
    await press('no template in /new', callbacks.template.encode(me, 0));
    await send('a title in /new', kit.message(member, 'Проверить журнал', GROUP));
    await send('no description in /new', kit.message(member, '/skip', GROUP));
    await press('a priority in /new', presses.priority[0]!);
    await press('a due date in /new', presses.due[0]!);
    await press('the members-only cycle in /new', presses.cycle[0]!);
    await press('a cycle in /new', callbacks.cycle.encode(me, openCycle));
    await cancelDialogue('/new');

    for (const chatType of ['supergroup', undefined]) {
      for (const query of ['', 'аудит']) {
        const id = `iq${publicInline.size}`;
        publicInline.add(id);
        await send(`@bot ${query} from a ${chatType}`, { update_id: 925000000 + publicInline.size, inline_query: { id, from: { ...member, is_bot: false }, query, offset: '', ...(chatType ? { chat_type: chatType } : {}) } });
      }
    }
    await kit.settled();

    expect(leaks(kit.api.calls)).toEqual([]);
    expect(kit.api.refused()).toEqual([]);
    // The sweep could have leaked: Ivan sees the issue, and got it in his private chat.
    const privately = kit.api.calls.filter((c) => c.payload.chat_id === member.id).map((c) => String(c.payload.text));
    expect(privately.some((text) => text.includes('Секретный аудит доступа'))).toBe(true);
    // The whole dialogue made its issue, in the open project's cycle it offered.
    const made = await kit.t.sql<{ cycle_id: number | null }>(`select cycle_id from issues where title = 'Проверить журнал' and project_id = ?`, [projects.open]);
    expect(made.map((row) => row.cycle_id)).toContain(openCycle);
  });

  it('posts no change of a members-only issue to a group linked to its stream, and does post an open one', async () => {
    await kit.exchange(kit.message(member, `/link stream_${stream}`, GROUP));
    const from = kit.api.calls.length;
    await createIssue(ivan, projects.hush, { title: 'Секретный аудит доступа: второй этап', streamIds: [stream] });
    await ivan.client.request('PATCH', `/api/issues/${secret.id}`, { json: { statusId: hushStarted } });
    await createIssue(ivan, projects.open, { title: 'Открытая задача потока', streamIds: [stream] });
    await kit.settled();
    await kit.api.waitFor((c) => c.payload.chat_id === GROUP.id && String(c.payload.text).includes('Открытая задача потока'));
    expect(leaks(kit.api.calls.slice(from), from)).toEqual([]);
  });
});

describe('a personal list asked for in a group', () => {
  const note = (calls: BotApiCall[]) => calls.filter((c) => c.method === 'sendMessage' && c.payload.chat_id === GROUP.id);
  const toIvan = (calls: BotApiCall[]) => calls.filter((c) => c.method === 'sendMessage' && c.payload.chat_id === member.id && !c.refused);

  it('goes to the person’s private chat, in their language, with a one-line note in the group’s', async () => {
    const asked = kit.message(member, '/my', GROUP);
    const calls = await kit.exchange(asked);
    expect(toIvan(calls).map((c) => c.payload.text)).toEqual([expect.stringMatching(/^<b>Open issues assigned to you: 2<\/b>\n.*Секретный аудит доступа/s)]);
    expect(note(calls).map((c) => [c.payload.text, c.payload.reply_parameters?.message_id, c.payload.reply_markup])).toEqual([['Ответил вам в личном чате.', asked.message.message_id, undefined]]);

    const digest = await kit.exchange(kit.message(member, '/digest', GROUP));
    expect(toIvan(digest).map((c) => c.payload.text)).toEqual([expect.stringMatching(/^The morning digest is (on|off)/)]);
    expect(note(digest).map((c) => c.payload.text)).toEqual(['Ответил вам в личном чате.']);

    // The non-member's own list goes to him as well: the group sees neither.
    const oleg = await kit.exchange(kit.message(outsider, '/today', GROUP));
    expect(oleg.filter((c) => c.payload.chat_id === outsider.id).map((c) => c.payload.text)).toEqual(['На сегодня задач нет, просроченных тоже.']);
    expect(note(oleg).map((c) => c.payload.text)).toEqual(['Ответил вам в личном чате.']);
  });

  it('to someone who never started the bot, leaves a button that opens the private chat and answers there', async () => {
    kit.api.rules.block(member.id, 'notStarted');
    const [before] = await kit.t.sql<{ on: boolean }>('select digest_enabled as on from notification_settings where user_id = ?', [ivan.id]);
    for (const [command, payload] of [['/my', 'my'], ['/today', 'today'], ['/digest', 'digest'], ['/start my', 'my']]) {
      const calls = await kit.exchange(kit.message(member, command!, GROUP));
      expect(note(calls).map((c) => [c.payload.text, c.payload.reply_markup])).toEqual([
        [
          'Ответ — только для вас, а первым написать вам я не могу: откройте личный чат со мной кнопкой ниже.',
          { inline_keyboard: [[{ text: 'Открыть личный чат', url: `https://t.me/tracker_test_bot?start=${payload}` }]] },
        ],
      ]);
    }
    // An old list's page button in the group opens the private chat the same way.
    const paged = await kit.exchange(kit.press(member, callbacks.myPage.encode(0), { message_id: 300, chat: GROUP }));
    expect(paged.filter((c) => c.method === 'answerCallbackQuery').map((c) => c.payload.url)).toEqual(['https://t.me/tracker_test_bot?start=my']);

    // Opening the chat by the button is /start with the payload, there.
    kit.api.rules.unblock(member.id);
    expect(toIvan(await kit.exchange(kit.message(member, '/start my'))).map((c) => c.payload.text)).toEqual([expect.stringContaining('Секретный аудит доступа')]);
    expect(toIvan(await kit.exchange(kit.message(member, '/start today'))).map((c) => c.payload.text)).toEqual([expect.stringContaining('Секретный аудит доступа')]);
    // The digest was turned over by /digest in the group; the private chat says how it now is, without turning it again.
    const digest = toIvan(await kit.exchange(kit.message(member, '/start digest'))).map((c) => c.payload.text);
    expect(digest).toEqual([before!.on ? 'The morning digest is off. Send /digest to turn it on again.' : expect.stringMatching(/^The morning digest is on: every day at 09:00/)]);
    expect(kit.api.refused().filter((r) => !r.includes("can't initiate"))).toEqual([]);
  });
});
