// The SDK side of the fullscreen switch (loaded only inside Telegram, with the SDK chunk). Every
// call goes through `ifAvailable`: a client without fullscreen (Bot API < 8.0) is never asked.
import { retrieveLaunchParams, viewport } from '@telegram-apps/sdk-react';
import { log } from '../lib/logger.ts';

/** Fullscreen is offered on phones only: on desktop clients it would just cover the whole screen. */
const MOBILE = ['ios', 'android'];

export function mobileClient(): boolean {
  try {
    return MOBILE.includes(String(retrieveLaunchParams().tgWebAppPlatform));
  } catch {
    return false;
  }
}

/** Runs `fn` once the viewport is mounted (the SDK mounts it asynchronously at start). */
export function whenViewportMounted(fn: () => void): void {
  if (viewport.isMounted()) return fn();
  const off = viewport.isMounted.sub((mounted) => {
    if (!mounted) return;
    off();
    fn();
  });
}

export const fullscreenAvailable = () => mobileClient() && viewport.requestFullscreen.isAvailable();
export const isFullscreen = () => viewport.isFullscreen();
export const onFullscreenChange = (fn: (on: boolean) => void): VoidFunction => viewport.isFullscreen.sub(fn);

/** Asks the client to enter or leave fullscreen; false when it refused or cannot. */
export async function setFullscreen(on: boolean): Promise<boolean> {
  const [called, pending] = on ? viewport.requestFullscreen.ifAvailable() : viewport.exitFullscreen.ifAvailable();
  if (!called) return false;
  try {
    await pending;
    return true;
  } catch (err) {
    log.debug('telegram: fullscreen', err);
    return false;
  }
}
