// Telegram or a plain browser. The SDK is loaded only when the page shows signs of running inside
// Telegram, and only its non-throwing isTMA() is called (retrieveLaunchParams throws elsewhere).
export type PlatformKind = 'web' | 'telegram';

interface HintWindow {
  location: { hash: string; search: string };
  sessionStorage?: Pick<Storage, 'getItem'>;
  TelegramWebviewProxy?: unknown;
  Telegram?: { WebApp?: unknown };
  parent?: unknown;
  external?: { notify?: unknown };
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

/** A Telegram client can receive the app's method calls: its webview proxy, or the parent frame of Telegram Web. */
export function hasTelegramTransport(win: HintWindow): boolean {
  return (win.parent !== undefined && win.parent !== win) || !!win.TelegramWebviewProxy || typeof win.external?.notify === 'function';
}

/**
 * `allowMock`: a plain browser opened with launch parameters counts as Telegram (the SDK's mock
 * stands in for the client, see `npm run telegram:mock-url`) in development builds only; in
 * production such a page is the standalone web.
 */
export async function detectPlatform(win: HintWindow = window as unknown as HintWindow, allowMock: boolean = import.meta.env.DEV): Promise<PlatformKind> {
  if (!looksLikeTelegram(win)) return 'web';
  if (!allowMock && !hasTelegramTransport(win)) return 'web';
  try {
    const { isTMA } = await import('@telegram-apps/sdk-react');
    return isTMA() ? 'telegram' : 'web';
  } catch {
    return 'web';
  }
}
