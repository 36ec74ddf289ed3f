// Cycles in the bot (issue 29): `/cycle` sums up the current cycles of a person's projects in a
// private chat, and the linked project's current cycle in a group — only when the group may be shown
// that project; a one-line `/new` puts the issue in the current or next cycle with `*current` /
// `*next`, and makes it without one (saying so) in a project that has none; the `/new` dialogue
// offers a project's current and next cycle as its last step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cycleSettingsResponseSchema, type Cycle } from '@tracker/shared/api/cycles';
import { addDays, todayIn } from '@tracker/shared/dates';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import { daysBetween } from '@tracker/shared/cycle-dates';
import { addMember, createIssue, createProject, type TestUser } from '../projects/test-fixtures.ts';
import type { BotApiCall } from '../../test/fake-bot-api.ts';
import { callbacks } from '@tracker/bot';
import { BotKit, buttons, lastText, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const GROUP = { id: -1007290001, type: 'supergroup', title: 'Команда' };
const HIDDEN = { id: -1007290002, type: 'supergroup', title: 'Закрытая' };
const LONELY = { id: -1007290003, type: 'supergroup', title: 'Пустая' };
const ivan: Person = { id: 929001, first_name: 'Ivan', language_code: 'ru' };
const emma: Person = { id: 929002, first_name: 'Emma', language_code: 'en' };
const outsider: Person = { id: 929003, first_name: 'Oleg', language_code: 'ru' };

let ivanUser: TestUser;
let site: Awaited<ReturnType<typeof createProject>>;
let ops: Awaited<ReturnType<typeof createProject>>;
let plain: Awaited<ReturnType<typeof createProject>>;
let siteCycles: Cycle[];
let opsCycles: Cycle[];

const cadence = async (projectId: number) =>
  cycleSettingsResponseSchema.parse((await ivanUser.client.request('PUT', `/api/projects/${projectId}/cycle-settings`, { json: { weeks: 2, startDay: 1 } })).body).cycles;
const statusOf = (p: typeof site, category: string) => p.statuses.find((s) => s.category === category)!.id;
const cycleOfIssue = async (title: string) => (await kit.t.sql<{ cycle_id: number | null }>('select cycle_id from issues where title = ?', [title]))[0]?.cycle_id;
const link = (chat: { id: number }, projectId: number) => kit.t.sql('insert into telegram_chat_links (chat_id, thread_id, project_id, created_by, locale) values (?, 0, ?, ?, ?)', [chat.id, projectId, ivanUser.id, 'ru']);
// The bot's last message to `chat` (notifications of the new issues go elsewhere meanwhile).
const replyIn = (calls: BotApiCall[], chat: { id: number }) => sent(calls).filter((c) => c.payload.chat_id === chat.id).at(-1)!;
const textIn = (calls: BotApiCall[], chat: { id: number }) => String(replyIn(calls, chat)?.payload.text);
const me = (p: Person) => BotKit.privateChat(p);
// The users have no zone of their own: the server counts their days in the default one.
const today = () => todayIn(DEFAULT_TIME_ZONE);

beforeAll(async () => {
  await kit.start();
  const [i, e] = await kit.accounts(ivan, emma, outsider);
  ivanUser = i;
  site = await createProject(ivanUser, { key: 'CYWEB', name: 'Сайт', visibility: 'all' });
  ops = await createProject(ivanUser, { key: 'CYOPS', name: 'Эксплуатация' });
  plain = await createProject(ivanUser, { key: 'CYNO', name: 'Без циклов' });
  await addMember(ivanUser, plain.project.id, e, 'member');
  siteCycles = await cadence(site.project.id);
  opsCycles = await cadence(ops.project.id);

  // Сайт's current cycle: 5 issues, 2 completed, 1 in progress; one more in the next cycle is not counted.
  const current = siteCycles[0]!.id;
  for (const [title, category] of [['Вёрстка', 'completed'], ['Тексты', 'completed'], ['Поиск', 'started'], ['Меню', 'unstarted'], ['Подвал', 'unstarted']] as const) {
    const issue = await createIssue(ivanUser, site.project.id, { title, cycleId: current });
    if (category !== 'unstarted') await ivanUser.client.request('PATCH', `/api/issues/${issue.id}`, { json: { statusId: statusOf(site, category) } });
  }
  await createIssue(ivanUser, site.project.id, { title: 'Потом', cycleId: siteCycles[1]!.id });
  await createIssue(ivanUser, site.project.id, { title: 'Вне цикла' });

  kit.api.setMember(GROUP.id, ivan.id, 'administrator');
  kit.api.setMember(GROUP.id, outsider.id, 'member');
  kit.api.setMember(HIDDEN.id, ivan.id, 'administrator');
  await link(GROUP, site.project.id);
});
afterAll(() => kit.close());

describe('/cycle in a private chat', () => {
  it('sums up the current cycle of each of my projects that has one, each with a button to its page', async () => {
    const calls = await kit.exchange(kit.message(ivan, '/cycle'));
    const reply = replyIn(calls, me(ivan));
    const left = daysBetween(today(), siteCycles[0]!.endsOn);
    const [first, second] = String(reply.payload.text).split('\n\n');
    expect(reply.payload.parse_mode).toBe('HTML');
    expect(first).toMatch(new RegExp(`^<b>Сайт · Цикл 1</b>\\n.+ – .+ · остал(ся|ось) ${left} д(ень|ня|ней)\\n████░░░░░░ 40%\\n5 задач · сделано 2 · в работе 1$`));
    expect(second).toMatch(/^<b>Эксплуатация · Цикл 1<\/b>\n.+\nВ цикле пока нет задач\.$/);
    expect(String(reply.payload.text)).not.toContain('Без циклов');
    expect(buttons(reply)).toEqual([
      { text: 'CYWEB · Цикл 1', url: `https://t.me/tracker_test_bot?startapp=cycle_${siteCycles[0]!.id}` },
      { text: 'CYOPS · Цикл 1', url: `https://t.me/tracker_test_bot?startapp=cycle_${opsCycles[0]!.id}` },
    ]);
    expect(kit.api.refused()).toEqual([]);
  });

  it('tells someone whose projects have no cycle how cycles are made, and someone unlinked to sign in', async () => {
    expect(textIn(await kit.exchange(kit.message(emma, '/cycle')), me(emma))).toBe('None of your projects is in a cycle now. A project’s cycles are set up in Tracker, in its settings.');
    const stranger: Person = { id: 929099, first_name: 'Nobody', language_code: 'en' };
    expect(textIn(await kit.exchange(kit.message(stranger, '/cycle')), me(stranger))).toContain('not linked');
  });
});

describe('/cycle in a group', () => {
  it('posts the linked project’s current cycle for everyone there, with the button to its page', async () => {
    const calls = await kit.exchange(kit.message(outsider, '/cycle', GROUP));
    const reply = replyIn(calls, GROUP);
    expect(reply.payload.chat_id).toBe(GROUP.id);
    expect(String(reply.payload.text)).toMatch(/^<b>Сайт · Цикл 1<\/b>\n.+\n████░░░░░░ 40%\n5 задач · сделано 2 · в работе 1$/);
    expect(buttons(reply)).toEqual([{ text: 'Открыть цикл', url: `https://t.me/tracker_test_bot?startapp=cycle_${siteCycles[0]!.id}` }]);
    expect(kit.api.refused()).toEqual([]);
  });

  it('shows nothing of a project the group may not see, and says when nothing is linked', async () => {
    // Linked when it was open to everyone, then made members-only: no owner consented to this group seeing it.
    const secret = await createProject(ivanUser, { key: 'CYSEC', name: 'Тайный план', visibility: 'all' });
    await cadence(secret.project.id);
    await link(HIDDEN, secret.project.id);
    await ivanUser.client.request('PATCH', `/api/projects/${secret.project.id}`, { json: { visibility: 'members' } });
    expect((await kit.t.sql<{ visibility: string }>('select visibility from projects where id = ?', [secret.project.id]))[0]!.visibility).toBe('members');

    const calls = await kit.exchange(kit.message(ivan, '/cycle', HIDDEN));
    expect(textIn(calls, HIDDEN)).toBe('Проект, привязанный к этому чату, видят только его участники, поэтому его цикл здесь не показывается. Спросите /cycle у меня в личном чате.');
    expect(JSON.stringify(calls.filter((c) => c.payload.chat_id === HIDDEN.id))).not.toMatch(/Тайный план|CYSEC|startapp=cycle/);
    expect(textIn(await kit.exchange(kit.message(ivan, '/cycle', LONELY)), LONELY)).toBe('Этот чат не привязан к проекту: сначала отправьте /link КЛЮЧ.');
  });

  it('says when the linked project is not in a cycle', async () => {
    const quiet = await createProject(ivanUser, { key: 'CYQT', name: 'Тишина', visibility: 'all' });
    const chat = { id: -1007290004, type: 'supergroup', title: 'Тихая' };
    await link(chat, quiet.project.id);
    expect(textIn(await kit.exchange(kit.message(ivan, '/cycle', chat)), chat)).toBe('В проекте «Тишина» сейчас не идёт цикл.');
  });
});

describe('a one-line /new with *current or *next', () => {
  it('puts the issue in the project’s current or next cycle, and says which', async () => {
    const calls = await kit.exchange(kit.message(ivan, '/new Починить вход *текущий +CYWEB'));
    expect(textIn(calls, me(ivan))).toContain('Задача создана.');
    expect(textIn(calls, me(ivan))).toMatch(/\n\nЦикл: Цикл 1 \(.+ – .+\)$/);
    expect(await cycleOfIssue('Починить вход')).toBe(siteCycles[0]!.id);

    await kit.exchange(kit.message(ivan, '/new Обновить цены *next +CYWEB'));
    expect(await cycleOfIssue('Обновить цены')).toBe(siteCycles[1]!.id);
    // The next cycle starts the day the current one ends.
    expect(siteCycles[1]!.startsOn).toBe(addDays(siteCycles[0]!.startsOn, 14));
    expect(kit.api.refused()).toEqual([]);
  });

  it('with a template, puts the template’s issue in the cycle', async () => {
    const res = await ivanUser.client.post(`/api/projects/${site.project.id}/templates`, { name: 'баг', titlePattern: 'Баг: {title}' });
    expect(res.status).toBe(201);
    await kit.exchange(kit.message(ivan, '/new /баг Падает поиск *next +CYWEB'));
    expect(await cycleOfIssue('Баг: Падает поиск')).toBe(siteCycles[1]!.id);
  });

  it('in a linked group, puts it in the linked project’s cycle', async () => {
    await kit.exchange(kit.message(ivan, '/new Созвон *current', GROUP));
    expect(await cycleOfIssue('Созвон')).toBe(siteCycles[0]!.id);
  });

  it('in a project without cycles, makes the issue in none and says so', async () => {
    const calls = await kit.exchange(kit.message(emma, '/new Renew the domain *next +CYNO'));
    expect(textIn(calls, me(emma))).toContain('Issue created.');
    expect(textIn(calls, me(emma))).toMatch(/\n\nCYNO has no next cycle, so the issue is in none\.$/);
    expect(await kit.t.sql('select cycle_id, project_id from issues where title = ?', ['Renew the domain'])).toEqual([{ cycle_id: null, project_id: plain.project.id }]);
    expect(kit.api.refused()).toEqual([]);
  });
});

describe('the /new dialogue', () => {
  // Each question is a message of its own: an edit of one already edited the same way Telegram refuses.
  let messageId = 900;
  /** Walks `/new` in `person`'s private chat up to the due date ("none"), in `projectKey`; the last calls. */
  async function dialogue(person: Person, projectKey: string, title: string): Promise<BotApiCall[]> {
    const chat = me(person);
    const press = (data: string) => kit.exchange(kit.press(person, data, { message_id: messageId++, chat }));
    // Found among all that was sent: a notification of an earlier issue may come after the question.
    const choices = sent(await kit.exchange(kit.message(person, '/new'))).flatMap((call) => buttons(call));
    await press(choices.find((b) => b.text.startsWith(`${projectKey} ·`))!.callback_data!);
    await kit.exchange(kit.message(person, title));
    await kit.exchange(kit.message(person, '/skip'));
    await press(callbacks.priority.encode(person.id, 'high'));
    return press(callbacks.due.encode(person.id, 'none'));
  }

  it('offers the project’s current and next cycle last, and makes the issue in the one chosen', async () => {
    const asked = await dialogue(ivan, 'CYOPS', 'Продлить сертификаты');
    const question = sent(asked).find((call) => call.payload.text === 'В какой цикл?');
    const offered = buttons(question);
    expect(offered.map((b) => b.text)).toEqual([expect.stringMatching(/^Текущий: Цикл 1, .+ – .+$/), expect.stringMatching(/^Следующий: Цикл 2, .+ – .+$/), 'Без цикла']);
    const done = await kit.exchange(kit.press(ivan, offered[1]!.callback_data!, { message_id: messageId++, chat: me(ivan) }));
    // The prompt collapses into the choice, as every step does; then the card.
    expect(done.find((c) => c.method === 'editMessageText')?.payload.text).toMatch(/^Цикл: Цикл 2 \(.+ – .+\)$/);
    expect(lastText(done)).toContain('Задача создана.');
    expect(await cycleOfIssue('Продлить сертификаты')).toBe(opsCycles[1]!.id);
    expect(kit.api.refused()).toEqual([]);
  });

  it('takes "No cycle", refuses a cycle it did not offer, and asks nothing in a project without cycles', async () => {
    const asked = await dialogue(ivan, 'CYOPS', 'Без планирования');
    // Another project's cycle, pressed on a forged button, is not this step's choice.
    await kit.exchange(kit.press(ivan, callbacks.cycle.encode(ivan.id, siteCycles[0]!.id), { message_id: messageId++, chat: me(ivan) }));
    expect(await cycleOfIssue('Без планирования')).toBeUndefined();
    const none = sent(asked).flatMap((call) => buttons(call)).find((b) => b.text === 'Без цикла')!;
    await kit.exchange(kit.press(ivan, none.callback_data!, { message_id: messageId++, chat: me(ivan) }));
    expect(await kit.t.sql('select cycle_id from issues where title = ?', ['Без планирования'])).toEqual([{ cycle_id: null }]);

    const made = await dialogue(emma, 'CYNO', 'Renew the certificate');
    expect(lastText(made)).toContain('Issue created.');
    expect(await kit.t.sql('select cycle_id, project_id from issues where title = ?', ['Renew the certificate'])).toEqual([{ cycle_id: null, project_id: plain.project.id }]);
    expect(kit.api.refused()).toEqual([]);
  });
});
