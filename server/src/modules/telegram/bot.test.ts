// The bot end to end through the real protocol: Telegram's side is a local Bot API peer over HTTP,
// updates arrive at the webhook route with the secret-token header, state lives in PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeBotApi } from '../../test/fake-bot-api.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';
import { WEBHOOK_PATH } from './bot-runner.ts';

let t: TestServer;
let api: FakeBotApi;
let secret: string;
let me: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
const TG_ID = 777001;
let updateId = 1;
const from = { id: TG_ID, is_bot: false, first_name: 'Ivan', language_code: 'ru' };
const chat = { id: TG_ID, type: 'private', first_name: 'Ivan' };
const date = () => Math.floor(Date.now() / 1000);

const text = (body: string) => ({
  update_id: updateId++,
  message: { message_id: updateId, date: date(), chat, from, text: body, ...(body.startsWith('/') ? { entities: [{ type: 'bot_command', offset: 0, length: body.split(' ')[0]!.length }] } : {}) },
});
const press = (data: string, messageId = 1) => ({
  update_id: updateId++,
  callback_query: { id: `cq${updateId}`, from, chat_instance: 'ci', data, message: { message_id: messageId, date: date(), chat, text: 'card' } },
});

async function deliver(update: unknown, token = secret) {
  api.observe(update);
  const res = await fetch(t.url + WEBHOOK_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': token },
    body: JSON.stringify(update),
  });
  return res.status;
}
/** Sends an update and returns the Bot API calls the bot made while handling it. */
async function exchange(update: unknown) {
  const before = api.calls.length;
  expect(await deliver(update)).toBe(200);
  return api.calls.slice(before);
}
const lastText = (calls: { method: string; payload: Record<string, any> }[]) => calls.filter((c) => c.method === 'sendMessage').at(-1)?.payload.text as string;

beforeAll(async () => {
  api = await new FakeBotApi().start();
  t = await createTestServer({ TELEGRAM_BOT_TOKEN: '123456:test-token', TELEGRAM_MODE: 'webhook', PUBLIC_URL: 'https://tracker.test', TELEGRAM_API_ROOT: api.url });
  await t.app.services.telegram.start();
  secret = api.of('setWebhook')[0]!.payload.secret_token;
  me = await signUp(t, { name: 'Ivan Petrov' });
  await t.sql('update users set telegram_id = ? where id = ?', [TG_ID, me.id]);
  project = await createProject(me, { name: 'Website' });
});
afterAll(async () => {
  await t?.close();
  await api?.close();
});

describe('bot set-up at start', () => {
  it('sets the webhook with a secret, the commands in both languages and the menu button', () => {
    expect(api.of('setWebhook')[0]!.payload.url).toBe('https://tracker.test/api/telegram/webhook');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const commands = api.of('setMyCommands');
    expect(commands.map((c) => c.payload.language_code)).toEqual([undefined, 'en']);
    expect(commands[0]!.payload.commands).toContainEqual({ command: 'new', description: 'Новая задача' });
    expect(commands[1]!.payload.commands).toContainEqual({ command: 'new', description: 'New issue' });
    expect(api.of('setChatMenuButton')[0]!.payload.menu_button).toEqual({ type: 'web_app', text: 'Открыть Трекер', web_app: { url: 'https://tracker.test/' } });
  });

  it('refuses webhook calls without the secret token', async () => {
    const before = api.calls.length;
    expect(await deliver(text('/start'), 'wrong')).toBe(401);
    expect(api.calls.length).toBe(before);
  });
});

describe('commands', () => {
  it('/start greets the linked user in their language with the mini app button', async () => {
    const calls = await exchange(text('/start'));
    expect(lastText(calls)).toContain('Привет, Ivan!');
    expect(calls.at(-1)!.payload.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Открыть Трекер', web_app: { url: 'https://tracker.test/' } }]] });
  });

  it('/lang switches the account to English', async () => {
    await exchange(text('/lang'));
    const calls = await exchange(press('lang:en'));
    expect(calls.find((c) => c.method === 'editMessageText')!.payload.text).toBe('Language: English.');
    const [row] = await t.sql<{ locale: string }>('select locale from users where id = ?', [me.id]);
    expect(row!.locale).toBe('en');
    expect(lastText(await exchange(text('/help')))).toContain('/my — my open issues');
    await exchange(press('lang:ru'));
  });

  it('an unlinked Telegram user is told to sign in', async () => {
    const stranger = { ...text('/my'), message: { ...text('/my').message, from: { ...from, id: 5, language_code: 'en' }, chat: { ...chat, id: 5 } } };
    expect(lastText(await exchange(stranger))).toContain('not linked');
  });
});

describe('/new conversation', () => {
  let issueId: number;

  it('creates an issue in PostgreSQL step by step', async () => {
    let calls = await exchange(text('/new'));
    expect(lastText(calls)).toBe('В каком проекте создать задачу?');
    const buttons = calls.at(-1)!.payload.reply_markup.inline_keyboard.flat();
    expect(buttons).toContainEqual({ text: `${project.project.key} · Website`, callback_data: `np:${TG_ID}:${project.project.id}` });

    expect(lastText(await exchange(text('не кнопка')))).toContain('кнопкой');
    expect(lastText(await exchange(press(`np:${TG_ID}:${project.project.id}`)))).toBe('Название задачи?');
    expect(lastText(await exchange(text('Починить вход')))).toContain('Описание?');
    expect(lastText(await exchange(text('Падает на Safari')))).toBe('Приоритет?');
    expect(lastText(await exchange(press(`npr:${TG_ID}:high`)))).toContain('Срок?');
    expect(lastText(await exchange(text('когда-нибудь')))).toContain('Не понял дату');
    calls = await exchange(text('завтра'));
    expect(lastText(calls)).toContain('Задача создана.');
    expect(lastText(calls)).toContain('Починить вход');

    const [row] = await t.sql<{ id: number; title: string; description: string; priority: number; due: string; tomorrow: string; reporter_id: number }>(
      `select id, title, description, priority, to_char(due_date, 'YYYY-MM-DD') as due, reporter_id,
              to_char((now() at time zone 'Europe/Moscow')::date + 1, 'YYYY-MM-DD') as tomorrow
         from issues where project_id = ?`,
      [project.project.id],
    );
    expect(row).toMatchObject({ title: 'Починить вход', description: 'Падает на Safari', priority: 2, reporter_id: me.id });
    expect(row!.due).toBe(row!.tomorrow);
    issueId = row!.id;
    const conversations = await t.sql('select key from bot_conversations');
    expect(conversations).toHaveLength(0);
  });

  it('/cancel leaves the conversation at any step', async () => {
    await exchange(text('/new'));
    expect((await t.sql('select key from bot_conversations')).length).toBe(1);
    expect(lastText(await exchange(text('/cancel')))).toBe('Отменено.');
    expect((await t.sql('select key from bot_conversations')).length).toBe(0);
    // Outside a dialogue, text is no answer to a step: it is offered as a new issue.
    expect(lastText(await exchange(text('Не задача')))).toBe('Создать задачу из этого сообщения?');
  });

  it('the card buttons change the status and assign the issue', async () => {
    let calls = await exchange(press(`st:${issueId}`));
    const statusButtons = calls.find((c) => c.method === 'editMessageReplyMarkup')!.payload.reply_markup.inline_keyboard.flat();
    const done = project.statuses.find((s) => s.category === 'completed')!;
    expect(statusButtons).toContainEqual({ text: done.name, callback_data: `ss:${issueId}:${done.id}` });

    calls = await exchange(press(`ss:${issueId}:${done.id}`));
    expect(calls.find((c) => c.method === 'answerCallbackQuery')!.payload.text).toBe(`Статус: ${done.name}`);
    expect(calls.find((c) => c.method === 'editMessageText')!.payload.text).toContain(done.name);
    const [row] = await t.sql<{ status_id: number }>('select status_id from issues where id = ?', [issueId]);
    expect(row!.status_id).toBe(done.id);

    await exchange(press(`me:${issueId}`));
    const [assigned] = await t.sql<{ assignee_id: number }>('select assignee_id from issues where id = ?', [issueId]);
    expect(assigned!.assignee_id).toBe(me.id);
  });

  it('a refusal from the tracker becomes the bot text of its domain error kind', async () => {
    const refusal = async (data: string) => (await exchange(press(data))).find((c) => c.method === 'answerCallbackQuery')!.payload.text as string;
    // invalid: a status of no project of this issue.
    expect(await refusal(`ss:${issueId}:2147483000`)).toBe('Не получилось: проверьте данные.');
    // not_found: no such issue.
    expect(await refusal('me:2147483000')).toBe('Задача или проект не найдены.');
    // conflict: the project is archived, so its issues are read-only.
    await t.sql('update projects set archived_at = now() where id = ?', [project.project.id]);
    try {
      expect(await refusal(`me:${issueId}`)).toBe('Сейчас это сделать нельзя (проект мог попасть в архив или данные изменились): откройте Трекер, чтобы узнать почему.');
    } finally {
      await t.sql('update projects set archived_at = null where id = ?', [project.project.id]);
    }
  });

  it('/start issue_<id> shows the card with a link that opens it in the mini app', async () => {
    const calls = await exchange(text(`/start issue_${issueId}`));
    expect(lastText(calls)).toContain('Починить вход');
    expect(calls.at(-1)!.payload.reply_markup.inline_keyboard.flat()).toContainEqual({ text: 'Открыть', url: `https://t.me/tracker_test_bot?startapp=issue_${issueId}` });
  });
});

describe('notifications', () => {
  it('tells the assignee once through the job queue, retrying after a 429', async () => {
    const boss = await signUp(t, { name: 'Boss' });
    const other = await createProject(boss, { name: 'Ops' });
    await boss.client.request('PUT', `/api/projects/${other.project.id}/members/${me.id}`, { json: { role: 'member' } });
    const mine = (c: { payload: Record<string, any> }) => c.payload.chat_id === TG_ID && String(c.payload.text).includes('Продлить сертификат');
    api.throttle('sendMessage', 1);
    // The worker is held back, so the "created" and the "assigned" activity are due together, as on
    // a busy server: the "created" one must not tell the assignee who came later.
    await t.app.services.jobs.stop();
    let started: number;
    try {
      const created = await boss.client.post('/api/issues', { projectId: other.project.id, title: 'Продлить сертификат' });
      expect(created.status).toBe(201);
      started = Date.now();
      const res = await boss.client.request('PATCH', `/api/issues/${created.body.issue.id}`, { json: { assigneeId: me.id } });
      expect(res.status).toBe(200);
      // The request only queued jobs; the worker sends, and the 429 pauses the chat for its retry_after.
      await t.app.services.jobs.runDue();
    } finally {
      t.app.services.jobs.start();
    }
    await api.waitFor(() => api.of('sendMessage').filter(mine).length === 2);
    await waitUntil('no job left', async () => (await t.sql('select id from graphile_worker.jobs')).length === 0);
    const sent = api.of('sendMessage').filter(mine);
    expect(sent).toHaveLength(2); // the refused one and its one retry
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(sent[1]!.payload.text).toBe(sent[0]!.payload.text);
    expect(sent[1]!.payload.text).toContain('<strong>Boss</strong>: назначена задача\n');
    expect(await t.sql('select id from graphile_worker.jobs')).toHaveLength(0);
  });

  it('respects the per-user settings', async () => {
    const put = await me.client.request('PUT', '/api/user/notification-settings', {
      json: { assigned: false, mentioned: true, statusChanged: true, dueSoon: true, quietFrom: null, quietTo: null, timeZone: 'Europe/Moscow' },
    });
    expect(put.status).toBe(200);
    expect(put.body.telegramLinked).toBe(true);
    const boss = await signUp(t, { name: 'Boss Two' });
    const other = await createProject(boss, { name: 'Ops 2' });
    await boss.client.request('PUT', `/api/projects/${other.project.id}/members/${me.id}`, { json: { role: 'member' } });
    const before = api.of('sendMessage').length;
    await boss.client.post('/api/issues', { projectId: other.project.id, title: 'Тихая задача', assigneeId: me.id });
    await t.app.services.jobs.runDue();
    expect(api.of('sendMessage').length).toBe(before);
  });
});
