import { createHmac } from 'node:crypto';
import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { configureBot, createBot, webhookCallback, type AccountHooks } from '@tracker/bot';
import { telegram } from '@tracker/shared/api/contract/session';
import { Api } from 'grammy';
import type { Context } from 'koa';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import type { Logger } from '../../logger.ts';
import type { BlobStore } from '../../storage/index.ts';
import type { InviteService } from '../invites/index.ts';
import type { TriageService } from '../triage/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { ConcernChannel, DigestSender } from '../notifications/dispatch.ts';
import { createDigestSender } from '../notifications/digest.ts';
import { createNotifier } from '../notifications/notify.ts';
import { commandTranscriber } from './transcriber.ts';
import { registerVoice } from './voice.ts';
import { registerStandups } from './standup.ts';
import { registerOutbox } from '../notifications/outbox.ts';
import { createBotBackend } from './backend.ts';

export const WEBHOOK_PATH = telegram.webhook.path;
/** The updates the bot asks for: `message_reaction` for capture by ✍ (sent only to administrator bots). */
export const ALLOWED_UPDATES = ['message', 'callback_query', 'inline_query', 'message_reaction'] as const;
export { DUE_SCAN_JOB } from '../notifications/dispatch.ts';

export interface TelegramDeps {
  config: Config;
  orm: MikroORM;
  logger: Logger;
  jobs: JobQueue;
  /** Where photos and files sent to the bot are kept as attachments. */
  storage: BlobStore;
  /** Account linking and phone confirmation by contact (telegram-auth's side of them). */
  accountHooks?: AccountHooks;
  /** Invites: `/invite` in a linked group posts a join button. */
  invites: InviteService;
  /** Triage: `/issue` captures a group's message into it; cards accept and decline. */
  triage: TriageService;
}

/**
 * Runs the bot in the server process: a webhook route (checked with Telegram's secret-token header)
 * in `webhook` mode, long polling in `polling` mode, nothing when off. Notifications go out from the
 * job queue's outbox (notifications/outbox.ts) through their own API client, throttled to Telegram's
 * limits; its task is registered on `jobs` here, before the queue starts, and `tell` is the
 * notification jobs' Telegram channel (notifications/dispatch.ts), null while the bot is off.
 */
export function setUpBot({ config, orm, logger, jobs, storage, accountHooks, invites, triage }: TelegramDeps) {
  if (config.TELEGRAM_MODE === 'off' || !config.TELEGRAM_BOT_TOKEN) {
    return { router: null, secretToken: null, bot: null, tell: null, digests: null, start: async () => {}, stop: async () => {} };
  }
  const token = config.TELEGRAM_BOT_TOKEN;
  const bot = createBot({ token, publicUrl: config.PUBLIC_URL, apiRoot: config.TELEGRAM_API_ROOT, logger, backend: createBotBackend(orm, jobs, storage, invites, triage), accountHooks });
  // Derived, so there is no extra secret to configure; Telegram echoes it in every webhook call.
  const secretToken = createHmac('sha256', config.SESSION_SECRET).update(`webhook:${token}`).digest('hex');

  const notifyApi = new Api(token, config.TELEGRAM_API_ROOT ? { apiRoot: config.TELEGRAM_API_ROOT } : undefined);
  notifyApi.config.use(apiThrottler());
  // No in-process retry: a 429 pauses the chat in the outbox for its full retry_after.
  registerOutbox({ jobs, orm, api: notifyApi, logger, burstSec: config.TELEGRAM_BURST_SEC });
  const transcriber = config.SPEECH_COMMAND ? commandTranscriber(config.SPEECH_COMMAND, config.SPEECH_TIMEOUT_SEC * 1000) : null;
  // Jobs may run before any update has made the bot ask Telegram who it is.
  const botUsername = async () => {
    await bot.init();
    return bot.botInfo.username;
  };
  registerStandups({ jobs, orm, botUsername });
  registerVoice({ jobs, orm, api: notifyApi, storage, transcriber, logger, botUsername });
  const notifier = createNotifier({ jobs, botUsername: () => bot.botInfo.username, burstSec: config.TELEGRAM_BURST_SEC });
  const tell: ConcernChannel = async (em, concern) => {
    await bot.init();
    await notifier.tell(em, concern);
  };
  const sendDigests = createDigestSender({ jobs, botUsername: () => bot.botInfo.username });
  const digests: DigestSender = async (em, now) => {
    await bot.init();
    return sendDigests(em, now);
  };

  const prepare = async () => {
    await bot.init();
    await configureBot(bot.api, config.PUBLIC_URL);
  };

  if (config.TELEGRAM_MODE === 'webhook') {
    const router = new Router();
    // grammy's Koa adapter types the context narrower than Koa does (a string body); it reads the update and writes the answer.
    const handleUpdate = webhookCallback(bot, 'koa', { secretToken }) as (ctx: Context) => Promise<void>;
    route(router, telegram.webhook, (ctx) => handleUpdate(ctx));
    return {
      router,
      secretToken,
      bot,
      tell,
      digests,
      start: async () => {
        await prepare();
        await bot.api.setWebhook(config.PUBLIC_URL + WEBHOOK_PATH, { secret_token: secretToken, allowed_updates: ALLOWED_UPDATES });
        logger.info({ bot: bot.botInfo.username }, 'bot webhook set');
      },
      stop: async () => {},
    };
  }
  return {
    router: null,
    secretToken,
    bot,
    tell,
    digests,
    start: async () => {
      await prepare();
      void bot.start({ drop_pending_updates: false, allowed_updates: ALLOWED_UPDATES }).catch((err) => logger.error({ err }, 'bot polling stopped'));
      logger.info({ bot: bot.botInfo.username }, 'bot polling');
    },
    stop: async () => {
      if (bot.isRunning()) await bot.stop();
    },
  };
}

export type TelegramService = ReturnType<typeof setUpBot>;
