// /new in a linked group and posting each result once (issue 16, "Groups done right"): a group linked
// to a project creates there without asking; one linked to a stream offers the stream's projects open
// to everyone; a status changed by a card button in the group is not announced there again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, signUp } from '../projects/test-fixtures.ts';
import { answers, BotKit, buttons, lastText, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const PROJECT_GROUP = { id: -1007800001, type: 'supergroup', title: 'Project team' };
const STREAM_GROUP = { id: -1007800002, type: 'supergroup', title: 'Stream team' };
const anna: Person = { id: 940001, first_name: 'Anna', language_code: 'ru' };
const bob: Person = { id: 940002, first_name: 'Bob', language_code: 'en' };
const carl: Person = { id: 940003, first_name: 'Carl', language_code: 'ru' };
let open: Awaited<ReturnType<typeof createProject>>;
let other: Awaited<ReturnType<typeof createProject>>;
let secret: Awaited<ReturnType<typeof createProject>>;
let annaUser: Awaited<ReturnType<typeof signUp>>;
let streamId: number;

const postsTo = (chatId: number, text: string) => kit.api.of('sendMessage').filter((c) => c.payload.chat_id === chatId && String(c.payload.text).includes(text));

/** Each prompt is its own message in Telegram: a pressed one is edited once. */
let promptId = 600;

/** Answers the text prompts of a dialogue already past its project: title, no description, no priority, no date. */
async function finishDialogue(who: Person, chat: object, title: string) {
  expect(lastText(await kit.exchange(kit.message(who, title, chat)))).toContain('Описание?');
  expect(lastText(await kit.exchange(kit.message(who, '/skip', chat)))).toBe('Приоритет?');
  await kit.exchange(kit.press(who, `npr:${who.id}:none`, { message_id: promptId++, chat }));
  return lastText(await kit.exchange(kit.message(who, '/skip', chat)));
}

beforeAll(async () => {
  await kit.start();
  annaUser = await signUp(kit.t, { name: 'Anna' });
  const b = await signUp(kit.t, { name: 'Bob', locale: 'en' });
  const c = await signUp(kit.t, { name: 'Carl' });
  for (const [p, u] of [[anna, annaUser], [bob, b], [carl, c]] as const) await kit.t.sql('update users set telegram_id = ? where id = ?', [p.id, u.id]);
  open = await createProject(annaUser, { name: 'Open', visibility: 'all' });
  other = await createProject(annaUser, { name: 'Other', visibility: 'all' });
  secret = await createProject(annaUser, { name: 'Secret' });
  for (const p of [open, other, secret]) await annaUser.client.request('PUT', `/api/projects/${p.project.id}/members/${b.id}`, { json: { role: 'member' } });
  streamId = ((await annaUser.client.post('/api/streams', { name: 'Q4' })).body.stream as { id: number }).id;
  for (const p of [open, other, secret]) await annaUser.client.post('/api/issues', { projectId: p.project.id, title: 'В потоке', streamIds: [streamId] });
  for (const chat of [PROJECT_GROUP, STREAM_GROUP]) kit.api.setMember(chat.id, anna.id, 'administrator');
  await kit.exchange(kit.message(anna, `/link ${open.project.key}`, PROJECT_GROUP));
  await kit.exchange(kit.message(anna, `/link stream_${streamId}`, STREAM_GROUP));
  await kit.settled();
});
afterAll(() => kit.close());

describe('/new in a linked group', () => {
  it('creates in the linked project without a picker, and the group sees the new issue once', async () => {
    expect(lastText(await kit.exchange(kit.message(bob, '/new', PROJECT_GROUP)))).toBe('Название задачи?');
    expect(await finishDialogue(bob, PROJECT_GROUP, 'Из привязанной группы')).toContain('Задача создана.');
    const [row] = await kit.t.sql<{ project_id: number }>(`select project_id from issues where title = 'Из привязанной группы'`);
    expect(row!.project_id).toBe(open.project.id);
    await kit.settled();
    expect(postsTo(PROJECT_GROUP.id, 'Из привязанной группы')).toHaveLength(1);
    expect(kit.api.refused()).toEqual([]);
  });

  it('explains privately when the person may not create in the linked project; the group only hears that they were answered', async () => {
    const calls = await kit.exchange(kit.message(carl, '/new', PROJECT_GROUP));
    expect(sent(calls).map((c) => [c.payload.chat_id, c.payload.text])).toEqual([
      [carl.id, expect.stringMatching(/^В «.*» задачи создаются в привязанном к ней проекте или потоке, а вы не можете создавать там задачи/)],
      [PROJECT_GROUP.id, 'Ответил вам в личном чате.'],
    ]);
  });

  it('linked to a stream, offers only the stream’s projects open to everyone, and adds the issue to the stream', async () => {
    const picker = sent(await kit.exchange(kit.message(bob, '/new', STREAM_GROUP))).at(-1)!;
    expect(buttons(picker).map((b) => b.text)).toEqual([`${open.project.key} · Open`, `${other.project.key} · Other`]);
    const calls = await kit.exchange(kit.press(bob, buttons(picker)[1]!.callback_data!, { message_id: 61, chat: STREAM_GROUP }));
    expect(lastText(calls)).toBe('Название задачи?');
    expect(await finishDialogue(bob, STREAM_GROUP, 'Задача потока')).toContain('Задача создана.');
    const [row] = await kit.t.sql<{ project_id: number; streams: number[] }>(
      `select i.project_id, array(select stream_id from issue_streams s where s.issue_id = i.id) as streams from issues i where title = 'Задача потока'`,
    );
    expect(row).toEqual({ project_id: other.project.id, streams: [streamId] });

    // A button forged for the members-only project is not taken: the dialogue still asks for a project.
    await kit.exchange(kit.message(bob, '/new', STREAM_GROUP));
    const forged = await kit.exchange(kit.press(bob, `np:${bob.id}:${secret.project.id}`, { message_id: 62, chat: STREAM_GROUP }));
    expect(forged.filter((c) => c.method !== 'answerCallbackQuery')).toEqual([]);
    expect(answers(forged).map((c) => c.payload.text)).toEqual(['Эта кнопка уже не действует.']);
    expect(lastText(await kit.exchange(kit.message(bob, 'Тайная задача', STREAM_GROUP)))).toBe('Выберите вариант кнопкой выше или отправьте /cancel.');
    await kit.exchange(kit.message(bob, '/cancel', STREAM_GROUP));
    expect(await kit.t.sql(`select id from issues where title = 'Тайная задача'`)).toEqual([]);
    expect(kit.api.refused()).toEqual([]);
  });
});

describe('a status changed by a card button in the group', () => {
  it('shows on the card and is not announced there again; a change made elsewhere is', async () => {
    const issue = (await annaUser.client.post('/api/issues', { projectId: open.project.id, title: 'Статус из группы' })).body.issue as { id: number };
    await kit.settled();
    expect(postsTo(PROJECT_GROUP.id, 'Статус из группы')).toHaveLength(1);

    const done = open.statuses.find((s) => s.category === 'completed')!;
    const calls = await kit.exchange(kit.press(bob, `ss:${issue.id}:${done.id}`, { message_id: 63, chat: PROJECT_GROUP }));
    expect(calls.find((c) => c.method === 'editMessageText')!.payload.text).toContain(done.name);
    await kit.settled();
    expect(postsTo(PROJECT_GROUP.id, 'Статус из группы')).toHaveLength(1);

    const started = open.statuses.find((s) => s.category === 'started')!;
    await annaUser.client.request('PATCH', `/api/issues/${issue.id}`, { json: { statusId: started.id } });
    await kit.settled();
    expect(postsTo(PROJECT_GROUP.id, 'Статус из группы')).toHaveLength(2);
    expect(kit.api.refused()).toEqual([]);
  });
});

// Last: Telegram's refusal of the private note stays in the peer's record.
describe('/new in a linked group, by someone the bot may not write to first', () => {
  it('gives the group the reason, naming nothing', async () => {
    kit.api.rules.block(carl.id, 'notStarted');
    expect(lastText(await kit.exchange(kit.message(carl, '/new', PROJECT_GROUP)))).toBe(
      'Здесь нельзя создать задачу: к этому чату привязан проект или поток, где у вас нет прав создавать задачи или чьи проекты видны только их участникам.',
    );
    kit.api.rules.unblock(carl.id);
  });
});
