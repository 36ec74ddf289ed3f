import { createHmac } from 'node:crypto';
import Router from '@koa/router';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { autoRetry } from '@grammyjs/auto-retry';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { configureBot, createBot, webhookCallback, type AccountHooks } from '@tracker/bot';
import { Api, GrammyError } from 'grammy';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { JobHandler, JobQueue } from '../jobs/index.ts';
import { ACTIVITY_JOB, createNotifier, SEND_JOB, type SendPayload } from '../notifications/notify.ts';
import { createBotBackend } from './backend.ts';

export const WEBHOOK_PATH = '/api/telegram/webhook';
export const DUE_SCAN_JOB = 'telegram.due-scan';
// Hourly, once across replicas (graphile-worker's cron); an hour missed while no replica ran is made up on start.
export const DUE_SCAN_CRON = { identifier: DUE_SCAN_JOB, task: DUE_SCAN_JOB, match: '0 * * * *', backfillMs: 60 * 60 * 1000, maxAttempts: 3 };

export interface TelegramDeps {
  config: Config;
  orm: MikroORM;
  logger: Logger;
  jobs: JobQueue;
  /** Account linking and phone confirmation by contact (telegram-auth's side of them). */
  accountHooks?: AccountHooks;
}

/**
 * Runs the bot in the server process: a webhook route (checked with Telegram's secret-token header)
 * in `webhook` mode, long polling in `polling` mode, nothing when off. Notifications go out from the
 * job queue through their own API client (throttled to Telegram's limits, retried on 429); its tasks
 * and the hourly due-date scan are registered on `jobs` here, before the queue starts.
 */
export function setUpBot({ config, orm, logger, jobs, accountHooks }: TelegramDeps) {
  const jobHandlers: Record<string, JobHandler> = {};
  if (config.TELEGRAM_MODE === 'off' || !config.TELEGRAM_BOT_TOKEN) {
    // Activity jobs may exist (rows queued while the bot was on): nothing to send them with.
    jobHandlers[ACTIVITY_JOB] = async () => {};
    jobs.register(jobHandlers);
    return { router: null, jobHandlers, secretToken: null, start: async () => {}, stop: async () => {} };
  }
  const token = config.TELEGRAM_BOT_TOKEN;
  const bot = createBot({ token, publicUrl: config.PUBLIC_URL, apiRoot: config.TELEGRAM_API_ROOT, logger, backend: createBotBackend(orm), accountHooks });
  // Derived, so there is no extra secret to configure; Telegram echoes it in every webhook call.
  const secretToken = createHmac('sha256', config.SESSION_SECRET).update(`webhook:${token}`).digest('hex');

  const notifyApi = new Api(token, config.TELEGRAM_API_ROOT ? { apiRoot: config.TELEGRAM_API_ROOT } : undefined);
  notifyApi.config.use(apiThrottler());
  notifyApi.config.use(autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 120, rethrowHttpErrors: true }));
  const notifier = createNotifier({ jobs, botUsername: () => bot.botInfo.username });
  const em = () => orm.em.fork() as EntityManager;

  jobHandlers[ACTIVITY_JOB] = async (payload) => {
    await bot.init();
    await em().transactional((tem) => notifier.onActivity(tem, Number(payload.activityId)));
  };
  jobHandlers[SEND_JOB] = async (payload) => {
    const m = payload as unknown as SendPayload;
    try {
      await notifyApi.sendMessage(m.chatId, m.text, {
        parse_mode: 'HTML',
        reply_markup: m.replyMarkup as never,
        disable_notification: m.silent,
        ...(m.threadId ? { message_thread_id: m.threadId } : {}),
      });
    } catch (err) {
      // Blocked by the user, kicked from the group, chat gone: retrying cannot help.
      if (err instanceof GrammyError && (err.error_code === 403 || err.error_code === 400)) {
        logger.warn({ chatId: m.chatId, description: err.description }, 'telegram notification dropped');
        return;
      }
      throw err;
    }
  };

  jobHandlers[DUE_SCAN_JOB] = async () => {
    await bot.init();
    await em().transactional((tem) => notifier.onDueScan(tem));
  };
  jobs.register(jobHandlers, [DUE_SCAN_CRON]);

  const prepare = async () => {
    await bot.init();
    await configureBot(bot.api, config.PUBLIC_URL);
  };

  if (config.TELEGRAM_MODE === 'webhook') {
    const router = new Router();
    router.post(WEBHOOK_PATH, webhookCallback(bot, 'koa', { secretToken }));
    return {
      router,
      jobHandlers,
      secretToken,
      bot,
      notifier,
      start: async () => {
        await prepare();
        await bot.api.setWebhook(config.PUBLIC_URL + WEBHOOK_PATH, { secret_token: secretToken, allowed_updates: ['message', 'callback_query', 'inline_query'] });
        logger.info({ bot: bot.botInfo.username }, 'bot webhook set');
      },
      stop: async () => {},
    };
  }
  return {
    router: null,
    jobHandlers,
    secretToken,
    bot,
    notifier,
    start: async () => {
      await prepare();
      void bot.start({ drop_pending_updates: false, allowed_updates: ['message', 'callback_query', 'inline_query'] }).catch((err) => logger.error({ err }, 'bot polling stopped'));
      logger.info({ bot: bot.botInfo.username }, 'bot polling');
    },
    stop: async () => {
      if (bot.isRunning()) await bot.stop();
    },
  };
}

export type TelegramService = ReturnType<typeof setUpBot>;
