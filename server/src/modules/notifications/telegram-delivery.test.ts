// Notifications against the validating Bot API peer: every template escapes what it inserts, messages
// to a chat keep the order of their events, a 429 pauses the chat for its retry_after, a 403 marks the
// user unreachable until they write again, and a group hears of an issue once, in its own language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotServer, type BotServer, type TgUser } from '../../test/bot-server.ts';
import { parseTelegramHtml } from '../../test/telegram-html.ts';
import { createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let s: BotServer;
let me: TestUser;
let boss: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
const ME: TgUser = { id: 990001, first_name: 'Ivan', language_code: 'ru' };
const GROUP = { id: -1009901, type: 'supergroup', title: 'Team' };
const NASTY = '<b> & </i> _x_ *y*';
const BOSS_NAME = `Олег <PM> Смирнов ${NASTY}`;
const PROJECT_NAME = `Сайт ${NASTY}`;
const STATUS_NAMES = ['QA ‹ручная>', `Готово ${NASTY}`];

const shown = (text: string) => {
  const parsed = parseTelegramHtml(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.text;
};
const titleOf = (n: number | string) => `Задача <${n}> & _${n}_`;

async function createIssue(title: string, extra: Record<string, unknown> = {}) {
  const res = await boss.client.post('/api/issues', { projectId: project.project.id, title, ...extra });
  expect(res.status).toBe(201);
  return res.body.issue as { id: number; key: string };
}
const setStatus = (issueId: number, statusId: number) => boss.client.request('PATCH', `/api/issues/${issueId}`, { json: { statusId } });

beforeAll(async () => {
  s = await createBotServer();
  me = await signUp(s.t, { name: `Иван ${NASTY}` });
  boss = await signUp(s.t, { name: BOSS_NAME });
  await s.t.sql('update users set telegram_id = ? where id = ?', [ME.id, me.id]);
  // Open to the whole workspace: only such a project can be linked to a group.
  project = await createProject(boss, { name: PROJECT_NAME, visibility: 'all' });
  await boss.client.request('PUT', `/api/projects/${project.project.id}/members/${me.id}`, { json: { role: 'member' } });
  const [qa, done] = [project.statuses.find((x) => x.category !== 'completed' && x.category !== 'canceled' && x.category !== 'backlog')!, project.statuses.find((x) => x.category === 'completed')!];
  await s.t.sql('update statuses set name = ? where id = ?', [STATUS_NAMES[0], qa.id]);
  await s.t.sql('update statuses set name = ? where id = ?', [STATUS_NAMES[1], done.id]);
});
afterAll(async () => {
  await s?.close();
});

describe('every message template escapes what it inserts', () => {
  it('names, projects, titles and statuses full of < > & _ * arrive verbatim', async () => {
    s.api.setMember(GROUP.id, ME.id, 'administrator');
    await s.exchange(s.message(ME, `/link ${project.project.key}`, GROUP));
    const title = `Чинить <pricing> & _x_ *y*`;
    const statusId = async (name: string) => (await s.t.sql<{ id: number }>('select id from statuses where project_id = ? and name = ?', [project.project.id, name]))[0]!.id;
    const [qa, done] = [{ id: await statusId(STATUS_NAMES[0]!) }, { id: await statusId(STATUS_NAMES[1]!) }];
    const [d] = await s.t.sql<{ tomorrow: string }>(`select to_char((now() at time zone 'Europe/Moscow')::date + 1, 'YYYY-MM-DD') as tomorrow`);
    const issue = await createIssue(title, { assigneeId: me.id, dueDate: d!.tomorrow, statusId: qa.id });
    await s.settled();
    expect(await s.t.app.services.notifications.onDueScan(s.t.orm.em.fork() as never)).toBe(1);
    expect((await setStatus(issue.id, done!.id)).status).toBe(200);
    expect((await boss.client.post(`/api/issues/${issue.id}/comments`, { body: `@${me.email.split('@')[0]} ${NASTY}` })).status).toBe(201);
    await s.settled();
    // The bot's own HTML: a card by link, /my, a redrawn card, a card made by /new.
    await s.exchange(s.message(ME, `/start issue_${issue.id}`));
    await s.exchange(s.message(ME, '/my'));
    await s.exchange(s.press(ME, `ss:${issue.id}:${done!.id}`));
    await s.exchange(s.message(ME, '/new'));
    await s.exchange(s.press(ME, `np:${ME.id}:${project.project.id}`));
    await s.exchange(s.message(ME, `Новая ${NASTY}`));
    await s.exchange(s.message(ME, NASTY));
    await s.exchange(s.press(ME, `npr:${ME.id}:none`));
    await s.exchange(s.message(ME, '/skip'));
    await s.settled();

    expect(s.api.refused()).toEqual([]);
    const html = s.api.calls.filter((c) => ['sendMessage', 'editMessageText'].includes(c.method) && c.payload.parse_mode === 'HTML').map((c) => shown(c.payload.text));
    const mentioning = (needle: string) => html.filter((text) => text.includes(needle));
    // Notifications: assigned, mentioned, due tomorrow, status changed (private), created and status changed (group).
    expect(mentioning(`${BOSS_NAME}: назначена задача`)).toHaveLength(1);
    expect(mentioning(`${BOSS_NAME}: упоминание в комментарии`)).toHaveLength(1);
    expect(mentioning(`${BOSS_NAME}: изменён статус «${STATUS_NAMES[0]}» → «${STATUS_NAMES[1]}»`)).toHaveLength(2);
    expect(mentioning(`${BOSS_NAME}: создана задача`)).toHaveLength(1);
    expect(mentioning('Срок — завтра')).toHaveLength(1);
    const cards = mentioning(`${issue.key} ${title}`);
    expect(cards.length).toBeGreaterThanOrEqual(8);
    for (const card of cards) expect(card).toContain(PROJECT_NAME);
    expect(cards.filter((c) => c.includes(`Статус: ${STATUS_NAMES[1]}`) && c.includes(`Исполнитель: Иван ${NASTY}`)).length).toBeGreaterThanOrEqual(4);
    // The /new reply, and the group hearing of it.
    expect(mentioning(`Новая ${NASTY}`)).toHaveLength(2);
  });
});

describe('delivery to a chat', () => {
  const toMe = () => s.sentTo(ME.id).map((c) => shown(c.payload.text));
  const firstLineTitles = (texts: string[]) => texts.map((t) => /Задача <(\d+)>/.exec(t)?.[1]).filter(Boolean).map(Number);

  // A project no group is linked to; issues I watch, so each status change is one message to me
  // (the bot's API client keeps to Telegram's pace of one message a second per chat).
  let quiet: Awaited<ReturnType<typeof createProject>>;
  async function watchedIssues(n: number, tag: string, extra: Record<string, unknown> = {}) {
    quiet ??= await createProject(boss, { name: 'Quiet' });
    await boss.client.request('PUT', `/api/projects/${quiet.project.id}/members/${me.id}`, { json: { role: 'member' } });
    const ids: number[] = [];
    for (let i = 1; i <= n; i++) {
      const res = await boss.client.post('/api/issues', { projectId: quiet.project.id, title: titleOf(`${tag}${i}`), ...extra });
      ids.push(res.body.issue.id);
      await s.t.sql('insert into issue_watchers (issue_id, user_id) values (?, ?) on conflict do nothing', [res.body.issue.id, me.id]);
    }
    await s.settled();
    return ids;
  }
  const inProgress = async () => (await s.t.sql<{ id: number }>(`select id from statuses where project_id = ? and category = 'started' order by position limit 1`, [quiet.project.id]))[0]!.id;

  it('goes out in the order the events happened, one message at a time', async () => {
    const ids = await watchedIssues(4, '1');
    const before = s.sentTo(ME.id).length;
    const started = await inProgress();
    // The events are due together, as on a busy server: the worker is held back while they happen.
    await s.t.app.services.jobs.stop();
    try {
      for (const id of ids) expect((await setStatus(id, started)).status).toBe(200);
    } finally {
      await s.t.app.services.jobs.start();
    }
    await s.api.waitFor(() => s.sentTo(ME.id).length >= before + ids.length);
    expect(firstLineTitles(toMe().slice(before))).toEqual([11, 12, 13, 14]);
    expect(s.api.refused()).toEqual([]);
  });

  it('after a 429 sends nothing to that chat for retry_after seconds, then the rest in order, each once', async () => {
    const ids = await watchedIssues(3, '2');
    const before = s.api.calls.length;
    s.api.throttleChat(ME.id, 2);
    const started = await inProgress();
    for (const id of ids) expect((await setStatus(id, started)).status).toBe(200);
    await s.api.waitFor(() => s.sentTo(ME.id).filter((c) => s.api.calls.indexOf(c) >= before).length === 3, 15_000);
    const calls = s.api.calls.slice(before).filter((c) => c.method === 'sendMessage' && c.payload.chat_id === ME.id);
    const refused = calls.filter((c) => c.refused);
    expect(refused).toHaveLength(1);
    const after = calls.filter((c) => !c.refused);
    expect(after[0]!.at - refused[0]!.at).toBeGreaterThanOrEqual(2000);
    expect(firstLineTitles(after.map((c) => shown(c.payload.text)))).toEqual([21, 22, 23]);
  });

  it('a long retry_after is waited for in full, not retried early', async () => {
    const [id] = await watchedIssues(1, '3');
    s.api.throttleChat(ME.id, 300);
    const before = s.sentTo(ME.id).length;
    expect((await setStatus(id!, await inProgress())).status).toBe(200);
    await s.api.waitFor((c) => c.payload.chat_id === ME.id && !!c.refused);
    await s.settled();
    const [job] = await s.t.sql<{ wait: number }>(`select extract(epoch from run_at - now())::int as wait from graphile_worker.jobs where task_identifier = 'telegram.deliver'`);
    expect(job!.wait).toBeGreaterThan(290);
    // Five minutes pass.
    await s.t.sql('update telegram_chat_pauses set until = now()');
    await s.t.sql(`select graphile_worker.reschedule_jobs(array(select id from graphile_worker.jobs where task_identifier = 'telegram.deliver'), run_at => now())`);
    await s.api.waitFor(() => s.sentTo(ME.id).length === before + 1);
    await s.settled();
    expect(s.sentTo(ME.id)).toHaveLength(before + 1);
  });

  it('stops writing to a user who blocked the bot, shows it on the profile, and resumes once they write', async () => {
    s.api.rules.block(ME.id);
    const [a] = await watchedIssues(1, '4', { assigneeId: me.id });
    await s.api.waitFor((c) => c.payload.chat_id === ME.id && c.refused === 'Forbidden: bot was blocked by the user');
    await s.settled();
    const settings = await me.client.get('/api/user/notification-settings');
    expect(settings.body.telegramUnreachableSince).toEqual(expect.any(String));
    const tried = s.api.calls.filter((c) => c.payload.chat_id === ME.id).length;
    expect((await setStatus(a!, await inProgress())).status).toBe(200);
    await s.settled();
    expect(s.api.calls.filter((c) => c.payload.chat_id === ME.id)).toHaveLength(tried);

    s.api.rules.unblock(ME.id);
    await s.exchange(s.message(ME, '/help'));
    expect((await me.client.get('/api/user/notification-settings')).body.telegramUnreachableSince).toBeNull();
    await watchedIssues(1, '5', { assigneeId: me.id });
    await s.api.waitFor((c) => c.payload.chat_id === ME.id && !c.refused && String(c.payload.text).includes('Задача &lt;51&gt;'));
  });
});

describe('group chats', () => {
  const EN: TgUser = { id: 990002, first_name: 'Ann', language_code: 'en' };
  const EN_GROUP = { id: -1009902, type: 'supergroup', title: 'Team EN' };

  it('an issue made by /new in a linked group is posted there once', async () => {
    await s.exchange(s.message(ME, '/new', GROUP));
    await s.exchange(s.message(ME, 'Один раз в группе', GROUP));
    await s.exchange(s.message(ME, '/skip', GROUP));
    await s.exchange(s.press(ME, `npr:${ME.id}:none`, GROUP));
    await s.exchange(s.message(ME, '/skip', GROUP));
    await s.settled();
    expect(s.sentTo(GROUP.id).filter((c) => String(c.payload.text).includes('Один раз в группе'))).toHaveLength(1);
  });

  it('a group is written to in the language of whoever linked it', async () => {
    const ann = await signUp(s.t, { name: 'Ann', locale: 'en' });
    await s.t.sql('update users set telegram_id = ? where id = ?', [EN.id, ann.id]);
    await boss.client.request('PUT', `/api/projects/${project.project.id}/members/${ann.id}`, { json: { role: 'member' } });
    s.api.setMember(EN_GROUP.id, EN.id, 'administrator');
    await s.exchange(s.message(EN, `/link ${project.project.key}`, EN_GROUP));
    const [link] = await s.t.sql<{ locale: string }>('select locale from telegram_chat_links where chat_id = ?', [EN_GROUP.id]);
    expect(link!.locale).toBe('en');
    await createIssue('In English please');
    await s.settled();
    const [post] = s.sentTo(EN_GROUP.id).filter((c) => String(c.payload.text).includes('In English please'));
    expect(shown(post!.payload.text)).toContain(`${BOSS_NAME} created the issue`);
    expect(shown(post!.payload.text)).toContain('Status: ');
    expect(shown(post!.payload.text)).not.toMatch(/Статус|Исполнитель|не назначен/);
  });
});
