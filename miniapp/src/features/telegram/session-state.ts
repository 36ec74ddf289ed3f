// What the Telegram session step decided, for the shell to show: a refused sign-in (the "open the
// app again" screen) or a start parameter no screen answers to (My work with a short notice).
import { proxy } from 'valtio';
import type { AutoSignInResult } from './auto-sign-in.ts';

export const telegramSession = proxy({
  signIn: null as AutoSignInResult | null,
  /** Set once when the launch's `startapp` named no screen; the shell shows it as a toast. */
  unknownStartParam: false,
});
