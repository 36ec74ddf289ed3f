import { Composer } from 'grammy';
import type { BotBackend } from '../backend.ts';
import { asAccount, type BotContext } from '../context.ts';
import { t } from '../i18n.ts';

/** `/digest`: turns the morning digest on or off and says which, with its time (set in the profile). */
export function digestFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();
  composer.command('digest', (ctx) =>
    asAccount(ctx, async (user) => {
      const s = await backend.toggleDigest(user);
      await ctx.reply(s.enabled ? t(ctx.locale, 'digest.on', { time: s.time, timeZone: s.timeZone }) : t(ctx.locale, 'digest.off', { time: s.time }));
    }),
  );
  return composer;
}
