// `/new /name line` in the bot (issue 17, point 6): the project's template by name (any case), the
// line its {title}, its checklist made into sub-issues; a name the project lacks is answered with
// the names it has, in the user's language, and nothing is created.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';
import { BotKit, buttons, lastText, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const olga: Person = { id: 951001, first_name: 'Olga', language_code: 'ru' };
const john: Person = { id: 951002, first_name: 'John', language_code: 'en' };
let me: TestUser;
let en: TestUser;
let site: Awaited<ReturnType<typeof createProject>>;

const issues = (projectId: number) =>
  kit.t.sql<{ id: number; title: string; priority: number; parent_id: number | null }>('select id, title, priority, parent_id from issues where project_id = ? order by id', [projectId]);

beforeAll(async () => {
  await kit.start();
  me = await signUp(kit.t, { name: 'Olga' });
  en = await signUp(kit.t, { name: 'John', locale: 'en' });
  await kit.t.sql('update users set telegram_id = ? where id = ?', [olga.id, me.id]);
  await kit.t.sql('update users set telegram_id = ? where id = ?', [john.id, en.id]);
  site = await createProject(me, { name: 'Website' });
  const res = await me.client.post(`/api/projects/${site.project.id}/templates`, { name: 'Баг', titlePattern: 'Баг: {title}', priority: 'high', checklist: ['Воспроизвести', 'Исправить'] });
  expect(res.status).toBe(201);
  // The project is the last one used, so `/new` goes straight to it.
  await kit.exchange(kit.message(olga, `/new Первая +${site.project.key}`));
});
afterAll(() => kit.close());

describe('/new with a template', () => {
  it('creates the issue from the template, the rest of the line as its {title}, with its sub-issues', async () => {
    const calls = await kit.exchange(kit.message(olga, '/new /баг падает вход !low'));
    expect(lastText(calls)).toContain('Задача создана.');
    expect(lastText(calls)).toContain('Баг: падает вход');
    const rows = await issues(site.project.id);
    const main = rows.find((r) => r.title === 'Баг: падает вход')!;
    expect(main.priority).toBe(4); // the line's !low over the template's high
    expect(rows.filter((r) => r.parent_id === main.id).map((r) => r.title)).toEqual(['Воспроизвести', 'Исправить']);
    expect(kit.api.refused()).toEqual([]);
  });

  it('keeps the template priority when the line names none', async () => {
    await kit.exchange(kit.message(olga, '/new /Баг кнопка не нажимается'));
    expect((await issues(site.project.id)).find((r) => r.title === 'Баг: кнопка не нажимается')?.priority).toBe(2);
  });

  it('answers an unknown name with the names the project has, and creates nothing', async () => {
    const before = (await issues(site.project.id)).length;
    const calls = await kit.exchange(kit.message(olga, '/new /фича что-то'));
    expect(lastText(calls)).toBe('В проекте нет шаблона /фича. Есть: /Баг');
    expect((await issues(site.project.id)).length).toBe(before);
  });

  it('the /new dialogue offers the project\'s templates as buttons, then asks only the {title} text', async () => {
    const picker = sent(await kit.exchange(kit.message(olga, '/new'))).at(-1)!;
    const project = buttons(picker).find((b) => b.text.endsWith('· Website'))!;
    const offer = await kit.exchange(kit.press(olga, project.callback_data!, { message_id: 801, chat: BotKit.privateChat(olga) }));
    expect(lastText(offer)).toBe('Создать по шаблону?');
    const choices = buttons(sent(offer).at(-1)!);
    expect(choices.map((b) => b.text)).toEqual(['/Баг', 'Без шаблона']);
    const asked = await kit.exchange(kit.press(olga, choices[0]!.callback_data!, { message_id: 802, chat: BotKit.privateChat(olga) }));
    expect(lastText(asked)).toBe('Текст для названия? Отправьте текст или /skip.');
    const done = await kit.exchange(kit.message(olga, 'не грузится страница'));
    expect(lastText(done)).toContain('Задача создана.');
    const rows = await issues(site.project.id);
    const main = rows.find((r) => r.title === 'Баг: не грузится страница')!;
    expect(main.priority).toBe(2);
    expect(rows.filter((r) => r.parent_id === main.id)).toHaveLength(2);
    expect(kit.api.refused()).toEqual([]);
  });

  it('speaks English to an English user', async () => {
    const other = await createProject(en, { name: 'Docs' });
    await kit.exchange(kit.message(john, `/new First +${other.project.key}`));
    const calls = await kit.exchange(kit.message(john, '/new /bug x'));
    expect(lastText(calls)).toBe('The project has no template /bug: it has no templates yet; add them in the project settings.');
    expect(kit.api.refused()).toEqual([]);
  });
});
