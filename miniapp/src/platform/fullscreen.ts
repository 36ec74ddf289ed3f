// Fullscreen inside Telegram's mobile clients: whether the switch is offered, its state, and the
// user's choice, remembered on the device and applied again at the next launch. While fullscreen,
// `<html data-tg-fullscreen>` lets the CSS keep the content clear of Telegram's own buttons.
import { proxy } from 'valtio';
import { log } from '../lib/logger.ts';

const KEY = 'tracker.fullscreen';

export const fullscreen = proxy({
  /** The client can switch (a phone client with Bot API 8.0+); the switch is shown only then. */
  available: false,
  on: false,
});

type Sdk = typeof import('./telegram-fullscreen.ts');
let sdk: Promise<Sdk> | null = null;
const load = () => (sdk ??= import('./telegram-fullscreen.ts'));

function remembered(): boolean | null {
  try {
    const v = window.localStorage.getItem(KEY);
    return v === null ? null : v === '1';
  } catch {
    return null;
  }
}

function remember(on: boolean) {
  try {
    window.localStorage.setItem(KEY, on ? '1' : '0');
  } catch {
    // Storage refused (private mode): the choice lasts for this launch only.
  }
}

function mark(on: boolean) {
  fullscreen.on = on;
  if (on) document.documentElement.dataset.tgFullscreen = '';
  else delete document.documentElement.dataset.tgFullscreen;
}

/** Called once inside Telegram, after the SDK started: follows the state and restores the choice. */
export async function startFullscreen(): Promise<void> {
  try {
    const tg = await load();
    tg.whenViewportMounted(() => {
      mark(tg.isFullscreen());
      tg.onFullscreenChange(mark);
      fullscreen.available = tg.fullscreenAvailable();
      const wanted = remembered();
      if (fullscreen.available && wanted !== null && wanted !== tg.isFullscreen()) void tg.setFullscreen(wanted);
    });
  } catch (err) {
    log.debug('telegram: fullscreen unavailable', err);
  }
}

/** The user's switch: asks the client, and remembers the choice for the next launch. */
export async function switchFullscreen(on: boolean): Promise<void> {
  remember(on);
  const tg = await load();
  await tg.setFullscreen(on);
}
