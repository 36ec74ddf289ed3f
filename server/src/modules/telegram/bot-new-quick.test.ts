// `/new` from the chat (issue 16): one line through the shared quick-add parser, the project taken
// from the group's link or the last one used, else asked; the dialogue's used keyboards collapse
// into the choice; its due date step has Today / Tomorrow / Friday / No date buttons.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';
import { answers, BotKit, buttons, lastText, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const olga: Person = { id: 950001, first_name: 'Olga', language_code: 'ru' };
const GROUP = { id: -100950, type: 'supergroup', title: 'Team' };
let me: TestUser;
let ivan: TestUser;
let site: Awaited<ReturnType<typeof createProject>>;
let ops: Awaited<ReturnType<typeof createProject>>;
let bugLabel: number;

interface Row { title: string; project_id: number; priority: number; assignee_id: number | null; due: string | null; labels: number[] }
const issueTitled = async (title: string) =>
  (await kit.t.sql<Row>(
    `select i.title, i.project_id, i.priority, i.assignee_id, to_char(i.due_date, 'YYYY-MM-DD') as due,
            coalesce((select array_agg(label_id) from issue_labels where issue_id = i.id), '{}') as labels
       from issues i where i.title = ?`,
    [title],
  ))[0];
const moscowDay = async (plus: number) => (await kit.t.sql<{ d: string }>(`select to_char((now() at time zone 'Europe/Moscow')::date + ?::int, 'YYYY-MM-DD') as d`, [plus]))[0]!.d;
const edits = (calls: { method: string; payload: Record<string, any> }[]) => calls.filter((c) => c.method === 'editMessageText').map((c) => ({ text: c.payload.text, markup: c.payload.reply_markup }));

beforeAll(async () => {
  await kit.start();
  me = await signUp(kit.t, { name: 'Olga' });
  ivan = await signUp(kit.t, { name: 'Ivan' });
  await kit.t.sql('update users set telegram_id = ? where id = ?', [olga.id, me.id]);
  site = await createProject(me, { name: 'Website' });
  ops = await createProject(me, { name: 'Operations' });
  await addMember(me, site.project.id, ivan, 'member');
  bugLabel = site.labels.find((l) => l.name.toLowerCase() === 'bug')?.id ?? (await kit.t.sql<{ id: number }>(`insert into labels (project_id, name) values (?, 'Bug') returning id`, [site.project.id]))[0]!.id;
});
afterAll(() => kit.close());

describe('/new in one line', () => {
  it('asks only the project when none is known, collapses the picker into it, and applies every token', async () => {
    const ask = await kit.exchange(kit.message(olga, '/new Починить вход завтра !high @ivan #bug'));
    expect(lastText(ask)).toBe('Задача из сообщения: «Починить вход».\n\nВ каком проекте создать задачу?');
    const button = buttons(sent(ask).at(-1)).find((b) => b.text.endsWith('· Website'))!;
    const calls = await kit.exchange(kit.press(olga, button.callback_data!, { message_id: 800, chat: BotKit.privateChat(olga) }));
    expect(edits(calls)).toEqual([{ text: `Проект: ${site.project.key} · Website`, markup: undefined }]);
    expect(lastText(calls)).toContain('Задача создана.');
    expect(await issueTitled('Починить вход')).toEqual({ title: 'Починить вход', project_id: site.project.id, priority: 2, assignee_id: ivan.id, due: await moscowDay(1), labels: [bugLabel] });
    expect(kit.api.refused()).toEqual([]);
  });

  it('goes straight to the project last used, or to the one named with +KEY', async () => {
    const calls = await kit.exchange(kit.message(olga, '/new Обновить цены !low'));
    expect(lastText(calls)).toContain('Задача создана.');
    expect(await issueTitled('Обновить цены')).toMatchObject({ project_id: site.project.id, priority: 4, assignee_id: null, due: null });
    await kit.exchange(kit.message(olga, `/new Продлить домен +${ops.project.key}`));
    expect(await issueTitled('Продлить домен')).toMatchObject({ project_id: ops.project.id });
  });

  it('refuses a due date that has passed, in words, and creates nothing', async () => {
    const calls = await kit.exchange(kit.message(olga, '/new Сдать отчёт вчера'));
    expect(lastText(calls)).toMatch(/^Срок \d+ \S+ уже прошёл, поэтому задача не создана\./);
    expect(await issueTitled('Сдать отчёт')).toBeUndefined();
    expect(await kit.t.sql('select key from bot_conversations')).toEqual([]);
  });

  it('in a group linked to a project creates there, whatever was used last', async () => {
    // Only a project open to the whole workspace can be linked to a group.
    await kit.t.sql("update projects set visibility = 'all' where id = ?", [site.project.id]);
    await kit.t.sql('insert into telegram_chat_links (chat_id, thread_id, project_id, created_by, locale) values (?, 0, ?, ?, ?)', [GROUP.id, site.project.id, me.id, 'ru']);
    const calls = await kit.exchange(kit.message(olga, '/new Созвон с клиентом', GROUP));
    expect(lastText(calls)).toContain('Задача создана.');
    expect(await issueTitled('Созвон с клиентом')).toMatchObject({ project_id: site.project.id });
    expect(kit.api.refused()).toEqual([]);
  });
});

describe('/new as a dialogue', () => {
  it('collapses the priority keyboard, and takes the due date from its buttons', async () => {
    const picker = sent(await kit.exchange(kit.message(olga, '/new'))).at(-1)!;
    const project = buttons(picker).find((b) => b.text.endsWith('· Operations'))!.callback_data!;
    await kit.exchange(kit.press(olga, project, { message_id: 810, chat: BotKit.privateChat(olga) }));
    await kit.exchange(kit.message(olga, 'Заменить сертификат'));
    await kit.exchange(kit.message(olga, '/skip'));
    const priority = await kit.exchange(kit.press(olga, `npr:${olga.id}:urgent`, { message_id: 811, chat: BotKit.privateChat(olga) }));
    expect(edits(priority)).toEqual([{ text: 'Приоритет: Срочный', markup: undefined }]);
    const duePrompt = sent(priority).at(-1)!;
    expect(duePrompt.payload.text).toBe('Срок? Выберите кнопкой или напишите дату: завтра, пт, 25.12.');
    expect(buttons(duePrompt).map((b) => b.text)).toEqual(['Сегодня', 'Завтра', 'Пятница', 'Без срока']);
    const due = await kit.exchange(kit.press(olga, `nd:${olga.id}:tomorrow`, { message_id: 812, chat: BotKit.privateChat(olga) }));
    expect(answers(due)).toHaveLength(1);
    expect(edits(due)[0]!.text).toMatch(/^Срок: \d+ \S+$/);
    expect(lastText(due)).toContain('Задача создана.');
    expect(await issueTitled('Заменить сертификат')).toMatchObject({ project_id: ops.project.id, priority: 1, due: await moscowDay(1) });
    expect(kit.api.refused()).toEqual([]);
  });

  it('"No date" leaves the due date empty; a typed date still works', async () => {
    for (const [title, answer] of [['Без срока задача', null], ['Задача на послезавтра', 'послезавтра']] as const) {
      const picker = sent(await kit.exchange(kit.message(olga, '/new'))).at(-1)!;
      await kit.exchange(kit.press(olga, buttons(picker)[0]!.callback_data!));
      await kit.exchange(kit.message(olga, title));
      await kit.exchange(kit.message(olga, '/skip'));
      await kit.exchange(kit.press(olga, `npr:${olga.id}:none`));
      const done = answer ? await kit.exchange(kit.message(olga, answer)) : await kit.exchange(kit.press(olga, `nd:${olga.id}:none`));
      expect(lastText(done)).toContain('Задача создана.');
      expect((await issueTitled(title))!.due).toBe(answer ? await moscowDay(2) : null);
    }
  });
});
