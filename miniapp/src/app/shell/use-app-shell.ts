// The one "app shell" decision (Telegram, installed PWA, or a signed-in phone-width browser), live:
// it follows resizes and display-mode changes.
import { useSnapshot } from 'valtio';
import { auth } from '../../lib/auth.ts';
import { usePhone, useMedia } from '../../lib/use-media.ts';
import { platform } from '../../platform/index.ts';
import { decideAppShell, SIDEBAR_MIN_WIDTH } from './decide.ts';

const STANDALONE = '(display-mode: standalone)';
const WIDE = `(min-width: ${SIDEBAR_MIN_WIDTH}px)`;

export function useAppShell(): boolean {
  const { kind } = useSnapshot(platform);
  const { user } = useSnapshot(auth.state);
  const standalone = useMedia(STANDALONE);
  const narrow = usePhone();
  return decideAppShell({ telegram: kind === 'telegram', standalone, signedIn: !!user, narrow });
}

/** Inside Telegram: the identity is the Telegram account, so no web account controls (sign-out, colour mode). */
export function useInTelegram(): boolean {
  return useSnapshot(platform).kind === 'telegram';
}

/** The desktop app (a signed-in browser at least SIDEBAR_MIN_WIDTH wide, not the app shell): a sidebar instead of the website's header. */
export function useDesktopSidebar(shell: boolean): boolean {
  const { user } = useSnapshot(auth.state);
  const wide = useMedia(WIDE);
  return !shell && !!user && wide;
}
