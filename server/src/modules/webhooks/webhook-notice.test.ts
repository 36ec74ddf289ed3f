// The owner of a webhook that is switched off after failing too often hears of it in Telegram too,
// in their language, when they have linked Telegram and the bot runs (the e-mail is in webhook-failures.test.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBotServer, type BotServer } from '../../test/bot-server.ts';
import { parseTelegramHtml } from '../../test/telegram-html.ts';
import { createIssue, createProject, signUp } from '../projects/test-fixtures.ts';
import { startReceiver } from './test-receiver.ts';

let s: BotServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const OWNER_CHAT = 990717;

beforeAll(async () => {
  receiver = await startReceiver();
  s = await createBotServer({ WEBHOOK_ALLOWED_HOSTS: new URL(receiver.url('/')).host });
});
afterAll(async () => {
  await s?.close();
  await receiver?.close();
});

it('tells the owner in Telegram, in Russian, when the 50th failure in a row switches the webhook off', async () => {
  const owner = await signUp(s.t, { name: 'Олег' });
  await s.t.sql('update users set telegram_id = ? where id = ?', [OWNER_CHAT, owner.id]);
  const { project } = await createProject(owner, { name: 'Интеграции' });
  const res = await owner.client.post(`/api/projects/${project.id}/webhooks`, { url: receiver.url('/fail'), events: ['issue.created'] });
  expect(res.status).toBe(201);
  // 49 failures already (the whole run of 50 is in webhook-failures.test.ts): the next one is the 50th.
  await s.t.sql('update webhooks set consecutive_failures = 49 where id = ?', [res.body.webhook.id]);
  await createIssue(owner, project.id);
  const call = await s.api.waitFor((c) => c.method === 'sendMessage' && c.payload.chat_id === OWNER_CHAT);
  const parsed = parseTelegramHtml(call.payload.text as string);
  expect(parsed.ok && parsed.text).toBe(`⚠️ Вебхук ${receiver.url('/fail')} проекта Интеграции не смог доставить событие 50 раз подряд и был отключён. Включите его снова в настройках проекта, когда получатель заработает.`);
});
