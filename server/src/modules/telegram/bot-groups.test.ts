// Groups, inline mode, issues from messages, mentions and due dates — through the webhook and a local Bot API peer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeBotApi } from '../../test/fake-bot-api.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';
import { DUE_SCAN_JOB, WEBHOOK_PATH } from './bot-runner.ts';

let t: TestServer;
let api: FakeBotApi;
let secret: string;
let me: TestUser;
let boss: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
const TG_ID = 880001;
const GROUP = -1009001;
let updateId = 1;
const from = { id: TG_ID, is_bot: false, first_name: 'Ivan', language_code: 'en' };
const date = () => Math.floor(Date.now() / 1000);
const privateChat = { id: TG_ID, type: 'private', first_name: 'Ivan' };
const group = { id: GROUP, type: 'supergroup', title: 'Team', is_forum: true };

const message = (text: string, chat: object = privateChat, extra: object = {}) => ({
  update_id: updateId++,
  message: { message_id: updateId, date: date(), chat, from, text, ...(text.startsWith('/') ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] } : {}), ...extra },
});

async function exchange(update: unknown) {
  api.observe(update);
  const before = api.calls.length;
  const res = await fetch(t.url + WEBHOOK_PATH, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret }, body: JSON.stringify(update) });
  expect(res.status).toBe(200);
  return api.calls.slice(before);
}
const lastText = (calls: { method: string; payload: Record<string, any> }[]) => calls.filter((c) => c.method === 'sendMessage').at(-1)?.payload.text as string;
async function drainJobs() {
  for (let i = 0; i < 3; i++) await t.app.services.jobs.runDue();
}

beforeAll(async () => {
  api = await new FakeBotApi().start();
  t = await createTestServer({ TELEGRAM_BOT_TOKEN: '123456:test-token', TELEGRAM_MODE: 'webhook', PUBLIC_URL: 'https://tracker.test', TELEGRAM_API_ROOT: api.url });
  await t.app.services.telegram.start();
  secret = api.of('setWebhook')[0]!.payload.secret_token;
  me = await signUp(t, { name: 'Ivan', locale: 'en' });
  boss = await signUp(t, { name: 'Boss' });
  await t.sql('update users set telegram_id = ? where id = ?', [TG_ID, me.id]);
  project = await createProject(boss, { name: 'Support', visibility: 'all' });
  api.setMember(GROUP, TG_ID, 'administrator');
  await boss.client.request('PUT', `/api/projects/${project.project.id}/members/${me.id}`, { json: { role: 'member' } });
});
afterAll(async () => {
  await t?.close();
  await api?.close();
});

describe('group chats', () => {
  it('/link binds a forum topic to a project; new issues and status changes are posted there', async () => {
    const calls = await exchange(message(`/link ${project.project.key}`, group, { is_topic_message: true, message_thread_id: 12 }));
    expect(lastText(calls)).toContain('“Support” will be posted here');
    const [link] = await t.sql<{ chat_id: string; thread_id: number; project_id: number }>('select chat_id, thread_id, project_id from telegram_chat_links');
    expect(link).toMatchObject({ chat_id: String(GROUP), thread_id: 12, project_id: project.project.id });

    const created = await boss.client.post('/api/issues', { projectId: project.project.id, title: 'Клиент не может оплатить' });
    await drainJobs();
    const post = await api.waitFor((c) => c.method === 'sendMessage' && c.payload.chat_id === GROUP && String(c.payload.text).includes('Клиент не может оплатить'));
    // In the language of whoever linked the group (English here).
    expect(post.payload.text).toContain('<strong>Boss</strong> created the issue\n');
    expect(post.payload.message_thread_id).toBe(12);

    const done = project.statuses.find((s) => s.category === 'completed')!;
    await boss.client.request('PATCH', `/api/issues/${created.body.issue.id}`, { json: { statusId: done.id } });
    await drainJobs();
    const status = await api.waitFor((c) => c.method === 'sendMessage' && c.payload.chat_id === GROUP && String(c.payload.text).includes(`→ ${done.name}`));
    expect(status.payload.text).toContain(`→ ${done.name}`);
  });

  it('/link in a private chat explains where it works; an unknown key is refused', async () => {
    expect(lastText(await exchange(message('/link WEB')))).toContain('works in groups');
    expect(lastText(await exchange(message('/link NOPE', group)))).toBe('Issue or project not found.');
  });
});

describe('issues from messages and mentions', () => {
  it('reply /new to a message pre-fills the issue and links back to it', async () => {
    const original = { message_id: 501, date: date(), chat: group, from: { id: 1, is_bot: false, first_name: 'Client' }, text: 'Export to CSV is broken\nsince Monday' };
    let calls = await exchange(message('/new', group, { reply_to_message: original }));
    expect(lastText(calls)).toContain('Issue from the message: “Export to CSV is broken”.');
    calls = await exchange({ update_id: updateId++, callback_query: { id: 'q1', from, chat_instance: 'c', data: `np:${TG_ID}:${project.project.id}`, message: { message_id: 9, date: date(), chat: group, text: 'x' } } });
    expect(lastText(calls)).toBe('Priority?');
    await exchange({ update_id: updateId++, callback_query: { id: 'q2', from, chat_instance: 'c', data: `npr:${TG_ID}:none`, message: { message_id: 10, date: date(), chat: group, text: 'x' } } });
    calls = await exchange(message('/skip', group));
    const created = calls.filter((c) => c.method === 'sendMessage').at(-1)!;
    expect(created.payload.text).toContain('Issue created.');
    expect(created.payload.reply_parameters).toMatchObject({ message_id: 501 });
    const [row] = await t.sql<{ description: string; due_date: string | null }>(`select description, due_date from issues where title = 'Export to CSV is broken'`);
    expect(row!.description).toBe('> Export to CSV is broken\n> since Monday\n\nFrom Telegram: https://t.me/c/9001/501');
    expect(row!.due_date).toBeNull();
  });

  it('a comment mentioning the user notifies them', async () => {
    const issue = await boss.client.post('/api/issues', { projectId: project.project.id, title: 'Ревью договора' });
    const email = me.email.split('@')[0];
    const res = await boss.client.post(`/api/issues/${issue.body.issue.id}/comments`, { body: `@${email} посмотри, пожалуйста` });
    expect(res.status).toBe(201);
    await drainJobs();
    const sent = await api.waitFor((c) => c.method === 'sendMessage' && c.payload.chat_id === TG_ID && String(c.payload.text).includes('Ревью договора'));
    expect(sent.payload.text).toContain('<strong>Boss</strong> mentioned you in a comment\n');
    expect(sent.payload.text).toContain('Ревью договора');
  });

  it('an issue due tomorrow is announced once to its assignee', async () => {
    const [d] = await t.sql<{ tomorrow: string }>(`select to_char((now() at time zone 'Europe/Moscow')::date + 1, 'YYYY-MM-DD') as tomorrow`);
    await boss.client.post('/api/issues', { projectId: project.project.id, title: 'Сдать отчёт', assigneeId: me.id, dueDate: d!.tomorrow });
    await drainJobs();
    const { notifications } = t.app.services;
    expect(await notifications.onDueScan(t.orm.em.fork() as never)).toBeGreaterThanOrEqual(1);
    expect(await notifications.onDueScan(t.orm.em.fork() as never)).toBe(0);
    const dueNotice = (c: { payload: Record<string, any> }) => c.payload.chat_id === TG_ID && String(c.payload.text).startsWith('Due tomorrow\n');
    await drainJobs();
    await api.waitFor(dueNotice);
    await drainJobs();
    const sent = api.calls.filter(dueNotice);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payload.text).toContain('Сдать отчёт');
  });

  it('the due-date scan is an hourly cron task of the job queue, known once to every replica', async () => {
    const [cron] = await t.sql<{ identifier: string }>(`select identifier from graphile_worker._private_known_crontabs where identifier = ?`, [DUE_SCAN_JOB]);
    expect(cron).toEqual({ identifier: DUE_SCAN_JOB });
    const [d] = await t.sql<{ tomorrow: string }>(`select to_char((now() at time zone 'Europe/Moscow')::date + 1, 'YYYY-MM-DD') as tomorrow`);
    await boss.client.post('/api/issues', { projectId: project.project.id, title: 'Оплатить хостинг', assigneeId: me.id, dueDate: d!.tomorrow });
    await drainJobs();
    // What the cron tick enqueues, run by the queue's task: the scan, then its notice.
    await t.app.services.jobs.enqueue(t.orm.em.fork(), DUE_SCAN_JOB, {});
    await drainJobs();
    await api.waitFor((c) => c.payload.chat_id === TG_ID && String(c.payload.text).startsWith('Due tomorrow\n') && String(c.payload.text).includes('Оплатить хостинг'));
  });
});

describe('inline mode', () => {
  it('@bot <query> finds the user\'s visible issues as shareable cards', async () => {
    const calls = await exchange({ update_id: updateId++, inline_query: { id: 'iq1', from, query: 'отчёт', offset: '' } });
    const answer = calls.find((c) => c.method === 'answerInlineQuery')!;
    const titles = answer.payload.results.map((r: { title: string }) => r.title);
    expect(titles.some((title: string) => title.includes('Сдать отчёт'))).toBe(true);
    expect(answer.payload.results[0].input_message_content.parse_mode).toBe('HTML');
    expect(answer.payload.is_personal).toBe(true);
  });

  it('an unlinked user gets a button to link instead of results', async () => {
    const calls = await exchange({ update_id: updateId++, inline_query: { id: 'iq2', from: { ...from, id: 1234 }, query: 'x', offset: '' } });
    const answer = calls.find((c) => c.method === 'answerInlineQuery')!;
    expect(answer.payload.results).toEqual([]);
    expect(answer.payload.button.start_parameter).toBe('inline');
  });
});
