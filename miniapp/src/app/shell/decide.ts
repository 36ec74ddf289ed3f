// Who gets the app shell (bottom tabs, My work, no website chrome) instead of the website.

import { PHONE_MAX_WIDTH } from '../../lib/use-media.ts';

/** Widest screen (CSS px) on which a signed-in browser user gets the app shell. */
export const SHELL_MAX_WIDTH = PHONE_MAX_WIDTH;

export interface ShellInputs {
  telegram: boolean;
  /** An installed PWA (`display-mode: standalone`). */
  standalone: boolean;
  signedIn: boolean;
  /** Matches `(max-width: SHELL_MAX_WIDTH px)`. */
  narrow: boolean;
}

export function decideAppShell(s: ShellInputs): boolean {
  return s.telegram || s.standalone || (s.signedIn && s.narrow);
}

/** Narrowest screen (CSS px) on which a signed-in browser user gets the desktop sidebar (issue 15). */
export const SIDEBAR_MIN_WIDTH = 1024;
