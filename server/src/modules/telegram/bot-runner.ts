import { createHmac } from 'node:crypto';
import Router from '@koa/router';
import { createBot, webhookCallback, type AccountHooks } from '@tracker/bot';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';

export const WEBHOOK_PATH = '/api/telegram/webhook';

/**
 * Runs the bot in the server process: a webhook route (checked with Telegram's secret-token header)
 * in `webhook` mode, long polling in `polling` mode, nothing when off.
 */
export function setUpBot(config: Config, logger: Logger, accountHooks?: AccountHooks) {
  if (config.TELEGRAM_MODE === 'off' || !config.TELEGRAM_BOT_TOKEN) return { router: null, start: async () => {}, stop: async () => {} };
  const bot = createBot({ token: config.TELEGRAM_BOT_TOKEN, publicUrl: config.PUBLIC_URL, apiRoot: config.TELEGRAM_API_ROOT, logger, accountHooks });
  // Derived, so there is no extra secret to configure; Telegram echoes it in every webhook call.
  const secretToken = createHmac('sha256', config.SESSION_SECRET).update(`webhook:${config.TELEGRAM_BOT_TOKEN}`).digest('hex');

  if (config.TELEGRAM_MODE === 'webhook') {
    const router = new Router();
    router.post(WEBHOOK_PATH, webhookCallback(bot, 'koa', { secretToken }));
    return {
      router,
      start: async () => {
        await bot.init();
        await bot.api.setWebhook(config.PUBLIC_URL + WEBHOOK_PATH, { secret_token: secretToken });
        logger.info({ bot: bot.botInfo.username }, 'bot webhook set');
      },
      stop: async () => {},
    };
  }
  return {
    router: null,
    start: async () => {
      await bot.init();
      void bot.start({ drop_pending_updates: false }).catch((err) => logger.error({ err }, 'bot polling stopped'));
      logger.info({ bot: bot.botInfo.username }, 'bot polling');
    },
    stop: async () => {
      if (bot.isRunning()) await bot.stop();
    },
  };
}
