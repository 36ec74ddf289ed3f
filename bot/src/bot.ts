import { Bot, type BotConfig, type Context } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { accountLinkFeature, type AccountHooks } from './features/account-link.ts';
import { startFeature } from './features/start.ts';

export type { AccountHooks } from './features/account-link.ts';

export interface BotLogger {
  error(obj: unknown, msg?: string): void;
}

export interface CreateBotOptions {
  token: string;
  publicUrl: string;
  logger: BotLogger;
  /** Another Bot API server (tests, a local Bot API). */
  apiRoot?: string;
  /** Skips the getMe call at start (tests). */
  botInfo?: UserFromGetMe;
  /** Account linking and phone confirmation (the server's side of them). */
  accountHooks?: AccountHooks;
}

/** Builds the bot with every feature inside one error boundary. */
export function createBot(options: CreateBotOptions): Bot {
  const config: BotConfig<Context> = {};
  if (options.apiRoot) config.client = { apiRoot: options.apiRoot };
  if (options.botInfo) config.botInfo = options.botInfo;
  const bot = new Bot(options.token, config);
  const report = (err: { error: unknown; ctx: Context }) => options.logger.error({ err: err.error, updateId: err.ctx.update.update_id }, 'bot update failed');
  // One boundary around every feature: a failing update is logged and never reaches Telegram as a 500.
  const features = bot.errorBoundary(report);
  if (options.accountHooks) features.use(accountLinkFeature(options.publicUrl, options.accountHooks));
  features.use(startFeature(options.publicUrl));
  bot.catch(report);
  return bot;
}

export { webhookCallback } from 'grammy';
