// The Telegram user a launch names (issue 25), read before the first render and without the SDK's
// chunk: the session the page was served with may be another Telegram account's (webviews share
// cookies between the accounts of one device), and the app must know before it shows anything. Read
// where the SDK reads launch parameters: the address, the navigation entry, then the copy it keeps
// in session storage. Unverified: it only decides whether a session is taken; the server checks the
// signature when it signs in.
import { hasTelegramTransport, looksLikeTelegram } from './detect.ts';

interface LaunchWindow {
  location: { href: string; hash: string; search: string };
  sessionStorage?: Pick<Storage, 'getItem'>;
  performance?: { getEntriesByType(type: string): { name: string }[] };
  TelegramWebviewProxy?: unknown;
  Telegram?: { WebApp?: unknown };
  parent?: unknown;
  external?: { notify?: unknown };
}

/** The SDK's own reduction of an address to its launch parameters (`?` and `#` parts as one query). */
const paramsOf = (address: string) => address.replace(/^[^?#]*[?#]/, '').replace(/[?#]/g, '&');

/** The `user.id` of raw launch parameters, or null. */
export function telegramUserIdOf(launchParams: string): number | null {
  try {
    const initData = new URLSearchParams(launchParams).get('tgWebAppData');
    const user: unknown = initData ? JSON.parse(new URLSearchParams(initData).get('user') ?? 'null') : null;
    const id = user && typeof user === 'object' ? (user as { id?: unknown }).id : undefined;
    return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
  } catch {
    return null;
  }
}

function candidates(win: LaunchWindow): (() => string | null | undefined)[] {
  return [
    () => paramsOf(win.location.href),
    () => {
      const entry = win.performance?.getEntriesByType('navigation')[0];
      return entry && paramsOf(entry.name);
    },
    () => {
      const stored = win.sessionStorage?.getItem('tapps/launchParams');
      return stored ? (JSON.parse(stored) as string) : null;
    },
  ];
}

/**
 * The Telegram user id of this launch; null outside Telegram (no launch data, or, in production, no
 * Telegram client to speak to: a plain page opened with launch parameters is the web).
 */
export function launchTelegramUserId(win: LaunchWindow = window as unknown as LaunchWindow, allowMock: boolean = import.meta.env.DEV): number | null {
  if (!looksLikeTelegram(win) || (!allowMock && !hasTelegramTransport(win))) return null;
  for (const read of candidates(win)) {
    try {
      const raw = read();
      const id = raw ? telegramUserIdOf(raw) : null;
      if (id !== null) return id;
    } catch {
      // Unreadable storage or entry: the next source.
    }
  }
  return null;
}
