import { Bot, type BotConfig } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { accountLinkFeature, type AccountHooks } from './features/account-link.ts';
import { autoRetry } from '@grammyjs/auto-retry';
import { offlineBackend, type BotBackend } from './backend.ts';
import { identify, type BotContext } from './context.ts';
import { digestFeature, digestPayload } from './features/digest.ts';
import { downloader } from './files.ts';
import { fallbackFeature } from './features/fallback.ts';
import { groupsFeature } from './features/groups.ts';
import { topicsFeature } from './features/topics.ts';
import { groupSettingsFeature } from './features/group-settings.ts';
import { reactionCaptureFeature } from './features/reaction-capture.ts';
import { voiceFeature } from './features/voice.ts';
import { standupFeature } from './features/standup.ts';
import { cycleFeature } from './features/cycle.ts';
import { captureFeature } from './features/capture.ts';
import { inlineFeature } from './features/inline.ts';
import { issuesFeature, openIssuePayload } from './features/issues.ts';
import { languageFeature } from './features/language.ts';
import { listPayloads, listsFeature } from './features/lists.ts';
import { newIssueFeature } from './features/new-issue.ts';
import { replyCommentFeature } from './features/reply-comment.ts';
import { timeFeature } from './features/time.ts';
import { startFeature, type StartPayloads } from './features/start.ts';

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
  /** The tracker behind the bot; without one nobody is linked (a bare bot). */
  backend?: BotBackend;
  /** Extra `/start <payload>` handlers by prefix (e.g. `link_` for account linking). */
  startPayloads?: StartPayloads;
}

/** Builds the bot with every feature inside one error boundary. */
export function createBot(options: CreateBotOptions): Bot<BotContext> {
  const config: BotConfig<BotContext> = {};
  if (options.apiRoot) config.client = { apiRoot: options.apiRoot };
  if (options.botInfo) config.botInfo = options.botInfo;
  const bot = new Bot<BotContext>(options.token, config);
  // Telegram's 429 answers carry retry_after: wait that long and try again (a few times, at most a minute).
  bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60, rethrowHttpErrors: true }));
  const backend = options.backend ?? offlineBackend();
  const download = downloader(bot.api, options.apiRoot ?? 'https://api.telegram.org', options.token);
  const report = (err: { error: unknown; ctx: BotContext }) => options.logger.error({ err: err.error, updateId: err.ctx.update.update_id }, 'bot update failed');
  // One boundary around every feature: a failing update is logged and never reaches Telegram as a 500.
  const features = bot.errorBoundary(report);
  // Telegram delivers an update again when it saw no answer in time (a slow update, a restart):
  // each update_id is applied once, before any feature acts on it.
  features.use(async (ctx, next) => {
    if (await backend.firstDelivery(ctx.update.update_id)) await next();
  });
  features.use(identify(backend, options.publicUrl));
  if (options.accountHooks) features.use(accountLinkFeature(options.publicUrl, options.accountHooks));
  features.use(startFeature(options.publicUrl, { issue_: openIssuePayload(backend), ...listPayloads(backend), digest: digestPayload(backend), ...options.startPayloads }));
  features.use(languageFeature(backend, options.publicUrl));
  features.use(reactionCaptureFeature(backend, download));
  features.use(voiceFeature(backend, download));
  features.use(newIssueFeature(backend, download));
  features.use(timeFeature(backend));
  features.use(replyCommentFeature(backend, download));
  features.use(listsFeature(backend));
  features.use(issuesFeature(backend));
  features.use(digestFeature(backend));
  features.use(groupsFeature(backend));
  features.use(topicsFeature(backend));
  features.use(groupSettingsFeature(backend));
  features.use(standupFeature(backend));
  features.use(cycleFeature(backend));
  features.use(captureFeature(backend, download));
  features.use(inlineFeature(backend));
  features.use(fallbackFeature());
  bot.catch(report);
  return bot;
}

export { webhookCallback } from 'grammy';
export type { BotBackend, BotUser, IssueCard, ProjectChoice, NewIssueInput, ChatRef, ChatLinkResult, LinkAnswer, DigestState, TelegramIdentity, CaptureInput, CaptureResult, TopicPlan, GroupSettings, TranscribeRequest, CycleRef, CycleSummary, GroupCycle } from './backend.ts';
export type { BotContext } from './context.ts';
export type { StartPayloadHandler, StartPayloads } from './features/start.ts';
export { configureBot } from './setup.ts';
export { formatCard } from './cards.ts';
export { formatStandup, type Standup, type StandupIssue } from './standup.ts';
export { cardArticle, cardKeyboard, miniAppLink, reminderKeyboard } from './keyboards.ts';
export { callbacks } from './callbacks.ts';
export { t as botText, negotiateLocale } from './i18n.ts';
export { notifyHeadline } from './notify-text.ts';
export { formatDigest, type Digest, type DigestChange } from './digest.ts';
