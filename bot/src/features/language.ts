import { Composer, InlineKeyboard } from 'grammy';
import { isLocale, LOCALES } from '@tracker/shared/locales';
import type { BotBackend } from '../backend.ts';
import { identityOf, type BotContext } from '../context.ts';
import { t } from '../i18n.ts';

/** `/lang`: the bot's language (stored on the linked account, or for the chat when none is linked). */
export function languageFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();
  composer.command('lang', async (ctx) => {
    const kb = new InlineKeyboard();
    for (const locale of LOCALES) kb.text(t(locale, 'languageName'), `lang:${locale}`);
    await ctx.reply(t(ctx.locale, 'chooseLanguage'), { reply_markup: kb });
  });
  composer.callbackQuery(/^lang:(\w+)$/, async (ctx) => {
    const locale = ctx.match[1];
    const tg = identityOf(ctx);
    if (!isLocale(locale) || !tg) return ctx.answerCallbackQuery();
    await backend.setLocale(tg, locale);
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(t(locale, 'languageSet'));
  });
  return composer;
}
