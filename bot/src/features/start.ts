import { Composer, InlineKeyboard } from 'grammy';
import { localizePath } from '@tracker/shared/routes';
import { localeOf, t } from '../i18n.ts';

/** `/start` and `/help`: a greeting and the button that opens the mini app (web_app needs https). */
export function startFeature(publicUrl: string) {
  const composer = new Composer();
  const openButton = (locale: 'ru' | 'en') => {
    const url = publicUrl + localizePath('/', locale);
    return url.startsWith('https://') ? new InlineKeyboard().webApp(t(locale, 'open'), url) : new InlineKeyboard().url(t(locale, 'open'), url);
  };

  composer.command('start', async (ctx) => {
    const locale = localeOf(ctx.from?.language_code);
    await ctx.reply(t(locale, 'welcome', { name: ctx.from?.first_name ?? '' }), { reply_markup: openButton(locale) });
  });

  composer.command('help', async (ctx) => {
    await ctx.reply(t(localeOf(ctx.from?.language_code), 'help'));
  });

  return composer;
}
