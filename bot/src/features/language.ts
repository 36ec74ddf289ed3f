import { Composer } from 'grammy';
import { isLocale, LOCALES } from '@tracker/shared/locales';
import type { BotBackend } from '../backend.ts';
import { callbacks, onCallback } from '../callbacks.ts';
import { answerQuery, identityOf, redrawMessage, type BotContext } from '../context.ts';
import { t } from '../i18n.ts';
import { languageKeyboard } from '../keyboards.ts';
import { setChatMenu } from '../setup.ts';

/** `/lang`: the bot's language (stored on the linked account, or for the chat when none is linked). */
export function languageFeature(backend: BotBackend, publicUrl: string) {
  const composer = new Composer<BotContext>();
  composer.command('lang', async (ctx) => {
    await ctx.reply(t(ctx.locale, 'chooseLanguage'), { reply_markup: languageKeyboard(LOCALES) });
  });
  composer.use(
    onCallback(callbacks.language, async (ctx, [locale]) => {
      const tg = identityOf(ctx);
      if (!isLocale(locale) || !tg) return answerQuery(ctx);
      await backend.setLocale(tg, locale);
      await redrawMessage(ctx, () => ctx.editMessageText(t(locale, 'languageSet')));
      await answerQuery(ctx);
      if (ctx.chat?.type === 'private') await setChatMenu(ctx.api, ctx.chat.id, publicUrl, locale);
    }),
  );
  return composer;
}
