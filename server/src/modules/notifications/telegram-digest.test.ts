// The morning digest against the validating Bot API peer (issue 16): off by default, /digest toggles
// it, and at its time in the person's zone it lists overdue issues, issues due today and what changed
// on their issues since — once a day, however many scans (replicas) run at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plusDays } from '@tracker/shared/quick-add/calendar';
import { createBotServer, type BotServer, type TgUser } from '../../test/bot-server.ts';
import { parseTelegramHtml } from '../../test/telegram-html.ts';
import { createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let s: BotServer;
let me: TestUser;
let boss: TestUser;
const ME: TgUser = { id: 990401, first_name: 'Ivan', language_code: 'ru' };
const NASTY = '<b> & </i> _x_';

const shown = (text: string) => {
  const parsed = parseTelegramHtml(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.text;
};
const scan = (now: Date) => s.t.app.services.notifications.onDigestScan(s.t.orm.em.fork() as never, now);

beforeAll(async () => {
  s = await createBotServer();
  me = await signUp(s.t, { name: 'Ivan' });
  boss = await signUp(s.t, { name: `Boss ${NASTY}` });
  await s.t.sql('update users set telegram_id = ? where id = ?', [ME.id, me.id]);
});
afterAll(async () => {
  await s?.close();
});

describe('/digest', () => {
  it('turns the digest on and off and says so, with its time', async () => {
    const lastReply = (calls: Awaited<ReturnType<typeof s.exchange>>) => calls.filter((c) => c.method === 'sendMessage').at(-1)?.payload.text;
    expect(lastReply(await s.exchange(s.message(ME, '/digest')))).toBe('Утренняя сводка включена: каждый день в 09:00 (Europe/Moscow). Время можно поменять в профиле Трекера.');
    expect((await me.client.get('/api/user/notification-settings')).body.settings).toMatchObject({ digestEnabled: true, digestTime: '09:00' });
    expect(lastReply(await s.exchange(s.message(ME, '/digest')))).toBe('Утренняя сводка выключена. Включить снова — /digest.');
    expect((await me.client.get('/api/user/notification-settings')).body.settings.digestEnabled).toBe(false);
  });
});

describe('the morning digest', () => {
  // A zone where it is a little after 09:00 now, so the changes made now fall before the digest, which
  // is set for 10:30 there: the server's own scan (every minute) cannot reach it during the test, whose
  // scans are given that time (at 09:00 itself, that scan sometimes sent it first and the test's found none).
  let zone: string;
  let today: string;
  let nineLocal: Date;

  beforeAll(async () => {
    nineLocal = new Date();
    nineLocal.setUTCMinutes(0, 0, 0);
    const offset = ((9 - nineLocal.getUTCHours() + 36) % 24) - 12; // local = UTC + offset, so the local hour is 9
    // IANA's Etc/GMT+N is N hours behind UTC.
    zone = offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    today = (await s.t.sql<{ d: string }>(`select to_char((now() at time zone ?)::date, 'YYYY-MM-DD') as d`, [zone]))[0]!.d;
    const settings = (await me.client.get('/api/user/notification-settings')).body.settings;
    const put = await me.client.request('PUT', '/api/user/notification-settings', { json: { ...settings, digestEnabled: true, digestTime: '10:30', timeZone: zone } });
    expect(put.status).toBe(200);
  });

  it('comes at its time, once, listing overdue, due today and what changed', async () => {
    const { project, statuses } = await createProject(boss, { name: 'Digest' });
    await boss.client.request('PUT', `/api/projects/${project.id}/members/${me.id}`, { json: { role: 'member' } });
    const create = async (title: string, extra: Record<string, unknown>) => (await boss.client.post('/api/issues', { projectId: project.id, title, ...extra })).body.issue as { id: number; key: string };
    await create(`Просроченная ${NASTY}`, { assigneeId: me.id, dueDate: plusDays(today, -2) });
    await create('На сегодня', { assigneeId: me.id, dueDate: today });
    await create('Потом', { assigneeId: me.id, dueDate: plusDays(today, 3) });
    const watched = await create('Наблюдаемая', { assigneeId: boss.id });
    await s.t.sql('insert into issue_watchers (issue_id, user_id) values (?, ?) on conflict do nothing', [watched.id, me.id]);
    const started = statuses.find((x) => x.category === 'started')!;
    await boss.client.request('PATCH', `/api/issues/${watched.id}`, { json: { statusId: started.id } });
    await s.settled();
    const before = s.sentTo(ME.id).length;

    const digestAt = new Date(nineLocal.getTime() + 90 * 60_000); // 10:30 there
    expect(await scan(new Date(digestAt.getTime() - 1000))).toBe(0); // 10:29:59 there
    // Two replicas' scans at once: one digest.
    const [a, b] = await Promise.all([scan(digestAt), scan(digestAt)]);
    expect(a + b).toBe(1);
    expect(await scan(new Date(digestAt.getTime() + 60_000))).toBe(0);
    await s.settled();

    const told = s.sentTo(ME.id).slice(before).map((c) => shown(c.payload.text));
    expect(told).toHaveLength(1);
    const lines = told[0]!.split('\n');
    expect(lines[0]).toBe('☀️ Утренняя сводка');
    expect(lines).toContain('Просрочена 1 задача');
    expect(lines.find((l) => l.includes('Просроченная'))).toContain(`Просроченная ${NASTY} — `);
    expect(lines).toContain('Срок сегодня у 1 задачи');
    expect(lines.some((l) => l.includes('На сегодня —'))).toBe(true);
    expect(told[0]).not.toContain('Потом');
    // Three assignments and a status change on a watched issue.
    expect(lines).toContain('4 события в ваших задачах');
    expect(lines.some((l) => l.includes(`${watched.key} Boss ${NASTY}: изменён статус «`))).toBe(true);
    expect(s.api.refused()).toEqual([]);
  });
});
