// Due reminders and comment notifications against the validating Bot API peer (issue 16): the day
// before and on the day (once the person's morning has come), each with snoozes — again in an hour,
// due tomorrow, due a week later; comments quoted; comments on my issues reach me (a setting).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plusDays } from '@tracker/shared/quick-add/calendar';
import { createBotServer, type BotServer, type TgUser } from '../../test/bot-server.ts';
import { parseTelegramHtml } from '../../test/telegram-html.ts';
import { createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let s: BotServer;
let me: TestUser;
let boss: TestUser;
let projectId: number;
const ME: TgUser = { id: 990301, first_name: 'Ivan', language_code: 'ru' };
const NASTY = '<b> & </i> _x_';

const shown = (text: string) => {
  const parsed = parseTelegramHtml(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.text;
};
const texts = () => s.sentTo(ME.id).map((c) => shown(c.payload.text));
const buttonsOf = (call: { payload: any }) => (call.payload.reply_markup?.inline_keyboard ?? []).flat().map((b: { callback_data?: string }) => b.callback_data).filter(Boolean);
/** An instant as "today HH:MM" in Moscow (my time zone by default). */
const moscow = async (time: string) =>
  new Date((await s.t.sql<{ at: string }>(`select (date_trunc('day', now() at time zone 'Europe/Moscow') + ?::interval) at time zone 'Europe/Moscow' as at`, [time]))[0]!.at);
const dueOf = async (id: number) => (await s.t.sql<{ d: string }>(`select to_char(due_date, 'YYYY-MM-DD') as d from issues where id = ?`, [id]))[0]!.d;
const scan = (now: Date) => s.t.app.services.notifications.onDueScan(s.t.orm.em.fork() as never, now);

async function issue(title: string, extra: Record<string, unknown> = {}) {
  const res = await boss.client.post('/api/issues', { projectId, title, assigneeId: me.id, ...extra });
  expect(res.status).toBe(201);
  return res.body.issue as { id: number; key: string };
}

beforeAll(async () => {
  s = await createBotServer();
  me = await signUp(s.t, { name: 'Ivan' });
  boss = await signUp(s.t, { name: `Boss ${NASTY}` });
  await s.t.sql('update users set telegram_id = ? where id = ?', [ME.id, me.id]);
  const project = await createProject(boss, { name: 'Reminders' });
  projectId = project.project.id;
  await boss.client.request('PUT', `/api/projects/${projectId}/members/${me.id}`, { json: { role: 'member' } });
});
afterAll(async () => {
  await s?.close();
});

describe('due reminders', () => {
  let today: string;
  let id: number;

  it('on the day: told once my morning (09:00) has come, with the snooze buttons', async () => {
    today = (await s.t.sql<{ d: string }>(`select to_char((now() at time zone 'Europe/Moscow')::date, 'YYYY-MM-DD') as d`))[0]!.d;
    id = (await issue(`Сдать отчёт ${NASTY}`, { dueDate: today })).id;
    await s.settled();
    const before = s.sentTo(ME.id).length;
    expect(await scan(await moscow('08:30'))).toBe(0);
    expect(await scan(await moscow('09:05'))).toBe(1);
    expect(await scan(await moscow('10:05'))).toBe(0);
    await s.settled();
    const told = s.sentTo(ME.id).slice(before);
    expect(told).toHaveLength(1);
    expect(shown(told[0]!.payload.text)).toMatch(/^Срок — сегодня\n\n.*Сдать отчёт <b> & <\/i> _x_/s);
    expect(buttonsOf(told[0]!)).toEqual([`rl:${id}`, `di:${id}:1`, `sz:${id}:7`]);
    expect(s.api.refused()).toEqual([]);
  });

  it('"in 1 hour" tells it again an hour later', async () => {
    const calls = await s.exchange(s.press(ME, `rl:${id}`));
    expect(calls.find((c) => c.method === 'answerCallbackQuery')?.payload.text).toBe('Напомню через час.');
    const [job] = await s.t.sql<{ minutes: number }>(`select round(extract(epoch from run_at - now()) / 60)::int as minutes from graphile_worker.jobs where task_identifier = 'telegram.due-remind'`);
    expect(job!.minutes).toBe(60);
    const before = s.sentTo(ME.id).length;
    // The hour passes.
    await s.t.sql(`select graphile_worker.reschedule_jobs(array(select id from graphile_worker.jobs where task_identifier = 'telegram.due-remind'), run_at => now())`);
    await s.settled();
    expect(texts().slice(before).map((t) => t.split('\n')[0])).toEqual(['Срок — сегодня']);
  });

  it('"tomorrow" moves the due date to tomorrow, "next week" a week on', async () => {
    await s.exchange(s.press(ME, `di:${id}:1`));
    expect(await dueOf(id)).toBe(plusDays(today, 1));
    await s.exchange(s.press(ME, `sz:${id}:7`));
    expect(await dueOf(id)).toBe(plusDays(today, 8));
    expect(s.api.refused()).toEqual([]);
  });

  it('the day before: "due tomorrow", with the same buttons', async () => {
    const next = await issue('Завтрашняя', { dueDate: plusDays(today, 1) });
    await s.settled();
    const before = s.sentTo(ME.id).length;
    expect(await scan(await moscow('00:30'))).toBe(1);
    await s.settled();
    const told = s.sentTo(ME.id).slice(before);
    expect(shown(told[0]!.payload.text).split('\n')[0]).toBe('Срок — завтра');
    expect(buttonsOf(told[0]!)).toEqual([`rl:${next.id}`, `di:${next.id}:1`, `sz:${next.id}:7`]);
  });
});

describe('comments', () => {
  const comment = async (issueId: number, body: string) => expect((await boss.client.post(`/api/issues/${issueId}/comments`, { body })).status).toBe(201);

  it('on an issue assigned to me reach me, quoted; on one I only watch, the inbox alone', async () => {
    const mine = await issue('Моя задача');
    const watched = await issue('Чужая задача', { assigneeId: boss.id });
    await s.t.sql('insert into issue_watchers (issue_id, user_id) values (?, ?) on conflict do nothing', [watched.id, me.id]);
    await s.settled();
    const before = s.sentTo(ME.id).length;
    await comment(watched.id, 'не для Telegram');
    await comment(mine.id, `Проверь <pricing> & ${NASTY}`);
    await s.settled();
    const told = s.sentTo(ME.id).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]!.payload.text).toContain(`<blockquote>Проверь &lt;pricing&gt; &amp; &lt;b&gt; &amp; &lt;/i&gt; _x_</blockquote>`);
    expect(shown(told[0]!.payload.text)).toMatch(new RegExp(`^Boss <b> & </i> _x_: новый комментарий\\nПроверь <pricing> & `));
    expect(s.api.refused()).toEqual([]);
  });

  it('a mention is quoted too', async () => {
    const other = await issue('Упоминание', { assigneeId: boss.id });
    await s.settled();
    const before = s.sentTo(ME.id).length;
    await comment(other.id, `@${me.email.split('@')[0]} глянь <сюда>`);
    await s.settled();
    const told = texts().slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/: упоминание в комментарии\n@\S+ глянь <сюда>\n\n/);
  });

  it('the setting turns comments on my issues off', async () => {
    const get = await me.client.get('/api/user/notification-settings');
    expect(get.body.settings).toMatchObject({ assignedComments: true, digestEnabled: false, digestTime: '09:00' });
    const put = await me.client.request('PUT', '/api/user/notification-settings', { json: { ...get.body.settings, assignedComments: false } });
    expect(put.status).toBe(200);
    expect(put.body.settings.assignedComments).toBe(false);
    const mine = await issue('Тихая');
    await s.settled();
    const before = s.sentTo(ME.id).length;
    await comment(mine.id, 'без уведомления');
    await s.settled();
    expect(s.sentTo(ME.id).slice(before)).toEqual([]);
  });
});
