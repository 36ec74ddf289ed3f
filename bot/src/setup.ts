import type { Api } from 'grammy';
import { localizePath } from '@tracker/shared/routes';
import { LOCALES } from '@tracker/shared/locales';
import { t } from './i18n.ts';

export const COMMANDS = ['new', 'my', 'today', 'lang', 'help', 'cancel'] as const;

/**
 * What the bot sets up by itself at start: the commands list in both languages (Russian is the
 * default list) and the menu button that opens the mini app (Telegram accepts https only).
 */
export async function configureBot(api: Api, publicUrl: string): Promise<void> {
  for (const locale of LOCALES) {
    const commands = COMMANDS.map((command) => ({ command, description: t(locale, `command.${command}`) }));
    await api.setMyCommands(commands, locale === 'ru' ? {} : { language_code: locale });
  }
  if (publicUrl.startsWith('https://')) {
    await api.setChatMenuButton({ menu_button: { type: 'web_app', text: t('ru', 'open'), web_app: { url: publicUrl + localizePath('/', 'ru') } } });
  }
}
