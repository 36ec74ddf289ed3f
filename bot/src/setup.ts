import type { Api } from 'grammy';
import type { MenuButton } from 'grammy/types';
import { localizePath } from '@tracker/shared/routes';
import { LOCALES, type Locale } from '@tracker/shared/locales';
import { t } from './i18n.ts';

export const COMMANDS = ['new', 'my', 'today', 'cycle', 'digest', 'lang', 'help', 'cancel'] as const;

/** The menu button that opens the mini app in this language, or null (Telegram accepts https only). */
const menuButton = (publicUrl: string, locale: Locale): MenuButton | null =>
  publicUrl.startsWith('https://') ? { type: 'web_app', text: t(locale, 'open'), web_app: { url: publicUrl + localizePath('/', locale) } } : null;

/**
 * What the bot sets up by itself at start: the commands list in both languages (Russian is the
 * default list) and the default menu button, in Russian. Telegram localizes the commands by the
 * client's language but has no per-language menu button: each private chat gets its own in the
 * person's language (setChatMenu) when they start the bot or change the language.
 */
export async function configureBot(api: Api, publicUrl: string): Promise<void> {
  for (const locale of LOCALES) {
    const commands = COMMANDS.map((command) => ({ command, description: t(locale, `command.${command}`) }));
    await api.setMyCommands(commands, locale === 'ru' ? {} : { language_code: locale });
  }
  const button = menuButton(publicUrl, 'ru');
  if (button) await api.setChatMenuButton({ menu_button: button });
}

/** The menu button of one private chat, in its person's language. */
export async function setChatMenu(api: Api, chatId: number, publicUrl: string, locale: Locale): Promise<void> {
  const button = menuButton(publicUrl, locale);
  if (button) await api.setChatMenuButton({ chat_id: chatId, menu_button: button });
}
