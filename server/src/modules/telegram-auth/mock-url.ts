// The address that opens the development web app as if Telegram had launched it: the launch
// parameters Telegram puts in the fragment, with init data signed by the real bot token, so the
// server's normal verification signs the test user in (`npm run telegram:mock-url`).
import { signInitData, type TelegramUserFields } from './sign.ts';

/** Telegram Desktop's dark theme: what a client passes as `tgWebAppThemeParams`. */
export const MOCK_THEME = {
  bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  secondary_bg_color: '#232e3c',
};

export interface MockUrlOptions {
  /** The running app, e.g. http://localhost:5173 (the Vite dev server). */
  baseUrl: string;
  botToken: string;
  user: TelegramUserFields;
  startParam?: string;
  authDate?: number;
}

export function telegramMockUrl(options: MockUrlOptions): string {
  const initData = signInitData(options.user, { token: options.botToken, authDate: options.authDate, startParam: options.startParam });
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify(MOCK_THEME),
  });
  if (options.startParam) params.set('tgWebAppStartParam', options.startParam);
  const url = new URL(options.baseUrl);
  url.hash = params.toString();
  return url.toString();
}
