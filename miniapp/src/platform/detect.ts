// Telegram or a plain browser. The SDK is loaded only when the page shows signs of running inside
// Telegram, and only its non-throwing isTMA() is called (retrieveLaunchParams throws elsewhere).
export type PlatformKind = 'web' | 'telegram';

interface HintWindow {
  location: { hash: string; search: string };
  sessionStorage?: Pick<Storage, 'getItem'>;
  TelegramWebviewProxy?: unknown;
  Telegram?: { WebApp?: unknown };
}

const LAUNCH_PARAM = /[#?&]tgWebApp(Data|Platform|Version)=/;

export function looksLikeTelegram(win: HintWindow): boolean {
  if (win.TelegramWebviewProxy || win.Telegram?.WebApp) return true;
  if (LAUNCH_PARAM.test(win.location.hash) || LAUNCH_PARAM.test(win.location.search)) return true;
  try {
    // The SDK keeps launch params under its session-storage prefix across reloads (spec §9: 'tapps/').
    return !!win.sessionStorage?.getItem('tapps/launchParams');
  } catch {
    return false;
  }
}

export async function detectPlatform(win: HintWindow = window as unknown as HintWindow): Promise<PlatformKind> {
  if (!looksLikeTelegram(win)) return 'web';
  try {
    const { isTMA } = await import('@telegram-apps/sdk-react');
    return isTMA() ? 'telegram' : 'web';
  } catch {
    return 'web';
  }
}
