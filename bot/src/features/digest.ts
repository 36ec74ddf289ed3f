import { Composer } from 'grammy';
import type { Locale } from '@tracker/shared/locales';
import type { BotBackend, BotUser, DigestState } from '../backend.ts';
import { asAccount, type BotContext } from '../context.ts';
import { t } from '../i18n.ts';
import { answerPersonally } from '../personal.ts';
import type { StartPayloadHandler } from './start.ts';

const stateText = (s: DigestState, locale: Locale) => (s.enabled ? t(locale, 'digest.on', { time: s.time, timeZone: s.timeZone }) : t(locale, 'digest.off', { time: s.time }));

/** Says how the person's digest is set: privately when asked in a group (its time and zone are theirs). */
const tell = (ctx: BotContext, user: BotUser, s: DigestState) => answerPersonally(ctx, user, 'digest', (chatId, locale) => ctx.api.sendMessage(chatId, stateText(s, locale)));

/** `/start digest`: how the digest is set, for a `/digest` in a group the bot could not answer privately. */
export const digestPayload = (backend: BotBackend): StartPayloadHandler => (ctx) => asAccount(ctx, async (user) => tell(ctx, user, await backend.digest(user)));

/** `/digest`: turns the morning digest on or off and says which, with its time (set in the profile). */
export function digestFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();
  composer.command('digest', (ctx) => asAccount(ctx, async (user) => tell(ctx, user, await backend.toggleDigest(user))));
  return composer;
}
