// Joining a project from an invite's Telegram deep link (issue 26): one tap on
// `t.me/<bot>?start=join_<token>` makes the person a member, signed in through Telegram with an
// account made for them if they had none, and gives them a button that opens the project; a
// revoked, expired, used-up or unknown invite is refused with a clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, signUp } from '../projects/test-fixtures.ts';
import { BotKit, buttons, lastText, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const newcomer: Person = { id: 940001, first_name: 'Emma', language_code: 'en' };
const russian: Person = { id: 940002, first_name: 'Олег', language_code: 'ru' };
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { id: number; key: string };

const invite = async (body: object = { kind: 'link' }) => {
  const res = await owner.client.post(`/api/projects/${project.id}/invites`, body);
  expect(res.status).toBe(201);
  return { id: res.body.invite.id as number, payload: String(res.body.telegramUrl).split('?start=')[1]! };
};
const members = () => kit.t.sql<{ name: string; role: string }>('select u.name, m.role from project_members m join users u on u.id = m.user_id where m.project_id = ? order by u.name', [project.id]);

beforeAll(async () => {
  await kit.start();
  owner = await signUp(kit.t, { name: 'Ivan' });
  project = (await createProject(owner, { key: 'JOIN', name: 'Сайт команды' })).project;
});
afterAll(() => kit.close());

describe('/start join_<token>', () => {
  it('makes a newcomer a member with nothing typed: an account from their Telegram profile, a button to the project', async () => {
    const { payload } = await invite({ kind: 'link', role: 'member' });
    expect(payload).toMatch(/^join_[\w-]{32}$/);
    const reply = sent(await kit.exchange(kit.message(newcomer, `/start ${payload}`))).at(-1)!;
    expect(reply.payload.text).toBe('You are in the project “Сайт команды”. Open it with the button below.');
    expect(buttons(reply)).toEqual([{ text: 'Open the project', web_app: { url: 'https://tracker.test/en/projects/JOIN' } }]);
    expect(await members()).toEqual([{ name: 'Emma', role: 'member' }, { name: 'Ivan', role: 'owner' }]);
    const [account] = await kit.t.sql<{ locale: string }>('select u.locale from telegram_accounts a join users u on u.id = a.user_id where a.telegram_id = ?', [newcomer.id]);
    expect(account).toEqual({ locale: 'en' });
    // Again: already a member, no second account, no use taken.
    expect(lastText(await kit.exchange(kit.message(newcomer, `/start ${payload}`)))).toBe('You are already a member of the project “Сайт команды”.');
    expect(await kit.t.sql('select user_id from telegram_accounts where telegram_id = ?', [newcomer.id])).toHaveLength(1);
    const activity = (await owner.client.get(`/api/projects/${project.id}/activity`)).body.activity as { action: string; newValue: unknown }[];
    expect(activity.find((a) => a.action === 'member.joined')).toMatchObject({ newValue: { via: 'telegram', role: 'member' } });
    expect(kit.api.refused()).toEqual([]);
  });

  it('refuses a revoked, used-up or unknown invite in the person’s language, and joins nothing', async () => {
    const revoked = await invite();
    await owner.client.request('DELETE', `/api/projects/${project.id}/invites/${revoked.id}`);
    expect(lastText(await kit.exchange(kit.message(russian, `/start ${revoked.payload}`)))).toBe('Владелец проекта отозвал это приглашение.');
    const once = await invite({ kind: 'link', maxUses: 1 });
    await kit.t.sql('update project_invites set uses = 1 where id = ?', [once.id]);
    expect(lastText(await kit.exchange(kit.message(russian, `/start ${once.payload}`)))).toBe('Приглашением уже воспользовались столько раз, сколько оно позволяет: попросите у владельца проекта новое.');
    expect(lastText(await kit.exchange(kit.message(russian, `/start join_${'x'.repeat(32)}`)))).toBe('Такого приглашения нет: проверьте ссылку или попросите новую.');
    expect((await members()).map((m) => m.name)).not.toContain('Олег');
  });
});

describe('/invite in a linked group', () => {
  const GROUP = { id: -1007940001, type: 'supergroup', title: 'Команда' };
  const member: Person = { id: 940003, first_name: 'Anna', language_code: 'ru' };

  it('by the project owner posts a join button; a member may not; an unlinked group is told to link first', async () => {
    await kit.t.sql('update users set telegram_id = ? where id = ?', [940010, owner.id]);
    const ivan: Person = { id: 940010, first_name: 'Ivan', language_code: 'ru' };
    expect(lastText(await kit.exchange(kit.message(ivan, '/invite', GROUP)))).toBe('Эта группа не привязана к проекту: сначала отправьте /link КЛЮЧ-ПРОЕКТА.');
    await kit.t.sql('insert into telegram_chat_links (chat_id, thread_id, project_id, created_by, locale, consented_by, consented_at) values (?, 0, ?, ?, ?, ?, now())', [GROUP.id, project.id, owner.id, 'ru', owner.id]);
    const posted = sent(await kit.exchange(kit.message(ivan, '/invite', GROUP))).at(-1)!;
    expect(posted.payload.text).toBe('Присоединяйтесь к проекту «Сайт команды»: одно нажатие — и вы участник.');
    const [button] = buttons(posted);
    expect(button!.text).toBe('Вступить в проект');
    const payload = button!.url!.split('?start=')[1]!;
    expect(lastText(await kit.exchange(kit.message(member, `/start ${payload}`)))).toBe('Вы в проекте «Сайт команды». Откройте его кнопкой ниже.');
    expect(await members()).toContainEqual({ name: 'Anna', role: 'member' });
    // Anna, now a member (not an owner), cannot post invites.
    expect(lastText(await kit.exchange(kit.message(member, '/invite', GROUP)))).toBe('Недостаточно прав.');
    expect(kit.api.refused()).toEqual([]);
  });
});
