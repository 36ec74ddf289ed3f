import { Composer, InlineKeyboard, type Api } from 'grammy';
import type { Locale } from '@tracker/shared/locales';
import type { BotBackend, GroupSettings } from '../backend.ts';
import { callbacks, onCallback } from '../callbacks.ts';
import { answerQuery, redrawMessage, type BotContext } from '../context.ts';
import { t } from '../i18n.ts';
import { isGroupAdmin } from './groups.ts';

/** The standup's time when it is turned on (then changed with `/standup HH:MM`). */
export const STANDUP_DEFAULT_TIME = '10:00';

/** Telegram sends reactions only to a bot that administers the group. */
async function botAdministers(api: Api, chatId: number, botId: number): Promise<boolean> {
  const rights = await api.getChatMember(chatId, botId);
  return rights.status === 'creator' || rights.status === 'administrator';
}

function settingsText(locale: Locale, s: GroupSettings, seesReactions: boolean): string {
  const lines = [
    t(locale, 'settings.title'),
    t(locale, s.captureReactions ? 'settings.captureOn' : 'settings.captureOff'),
    s.standupTime ? t(locale, 'settings.standupAt', { time: s.standupTime, timeZone: s.timeZone }) : t(locale, 'settings.standupOff'),
  ];
  if (!seesReactions) lines.push('', t(locale, 'settings.notAdmin'));
  return lines.join('\n');
}

const keyboard = (locale: Locale, s: GroupSettings) =>
  new InlineKeyboard()
    .text(t(locale, s.captureReactions ? 'settings.captureTurnOff' : 'settings.captureTurnOn'), callbacks.groupSetting.encode('capture'))
    .row()
    .text(t(locale, s.standupTime ? 'settings.standupTurnOff' : 'settings.standupTurnOn'), callbacks.groupSetting.encode('standup'));

/**
 * `/settings` in a group, for its administrators: capture by a ✍ reaction, and the daily standup. A
 * bot that does not administer the group gets no reactions from Telegram: the settings say so, and
 * capture by reaction is not turned on rather than pretending.
 */
export function groupSettingsFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();
  const group = composer.chatType(['group', 'supergroup']);
  composer.chatType('private').command('settings', (ctx) => ctx.reply(t(ctx.locale, 'settings.groupOnly')));

  group.command('settings', async (ctx) => {
    if (!(await isGroupAdmin(ctx))) return void (await ctx.reply(t(ctx.locale, 'link.adminsOnly')));
    const settings = await backend.groupSettings(ctx.chat.id);
    const sees = await botAdministers(ctx.api, ctx.chat.id, ctx.me.id);
    await ctx.reply(settingsText(ctx.locale, settings, sees), { reply_markup: keyboard(ctx.locale, settings) });
  });

  composer.use(
    onCallback(callbacks.groupSetting, async (ctx, [setting]) => {
      const chat = ctx.chat;
      if (!chat || chat.type === 'private' || !ctx.from) return void (await answerQuery(ctx, { text: t(ctx.locale, 'staleButton'), show_alert: true }));
      const member = await ctx.api.getChatMember(chat.id, ctx.from.id);
      if (member.status !== 'creator' && member.status !== 'administrator') return void (await answerQuery(ctx, { text: t(ctx.locale, 'link.adminsOnly'), show_alert: true }));
      const before = await backend.groupSettings(chat.id);
      const sees = await botAdministers(ctx.api, chat.id, ctx.me.id);
      if (setting === 'capture' && !before.captureReactions && !sees) return void (await answerQuery(ctx, { text: t(ctx.locale, 'settings.notAdmin'), show_alert: true }));
      const patch: Partial<GroupSettings> =
        setting === 'capture'
          ? { captureReactions: !before.captureReactions }
          : { standupTime: before.standupTime ? null : STANDUP_DEFAULT_TIME, ...(before.standupTime ? {} : { timeZone: ctx.account?.timeZone ?? before.timeZone }) };
      const after = await backend.updateGroupSettings(chat.id, patch);
      await answerQuery(ctx);
      await redrawMessage(ctx, () => ctx.editMessageText(settingsText(ctx.locale, after, sees), { reply_markup: keyboard(ctx.locale, after) }));
    }),
  );
  return composer;
}
