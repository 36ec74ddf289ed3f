import { Composer } from 'grammy';
import { isLocale, LOCALES } from '@tracker/shared/locales';
import type { BotBackend } from '../backend.ts';
import { callbacks, onCallback } from '../callbacks.ts';
import { answerQuery, groupChatOf, identityOf, redrawMessage, type BotContext } from '../context.ts';
import { t } from '../i18n.ts';
import { languageKeyboard } from '../keyboards.ts';
import { setChatMenu } from '../setup.ts';
import { isGroupAdmin } from './groups.ts';

/**
 * `/lang`: the bot's language — in a private chat the person's (stored on the linked account, or
 * for the chat when none is linked); in a group the group's own, chosen by its administrators.
 */
export function languageFeature(backend: BotBackend, publicUrl: string) {
  const composer = new Composer<BotContext>();
  composer.command('lang', async (ctx) => {
    if (groupChatOf(ctx) && !(await isGroupAdmin(ctx))) return void (await ctx.reply(t(ctx.locale, 'link.adminsOnly')));
    await ctx.reply(t(ctx.locale, 'chooseLanguage'), { reply_markup: languageKeyboard(LOCALES) });
  });
  composer.use(
    onCallback(callbacks.language, async (ctx, [locale]) => {
      const tg = identityOf(ctx);
      if (!isLocale(locale) || !tg) return answerQuery(ctx);
      const group = groupChatOf(ctx);
      if (group && !(await isGroupAdmin(ctx))) return answerQuery(ctx, { text: t(ctx.locale, 'link.adminsOnly'), show_alert: true });
      if (group) await backend.setGroupLocale(group.chatId, locale);
      else await backend.setLocale(tg, locale);
      await redrawMessage(ctx, () => ctx.editMessageText(t(locale, 'languageSet')));
      await answerQuery(ctx);
      if (ctx.chat?.type === 'private') await setChatMenu(ctx.api, ctx.chat.id, publicUrl, locale);
    }),
  );
  return composer;
}
