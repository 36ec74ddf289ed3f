// One interface over Telegram and the standalone web; the Telegram side (theme, back button,
// popups, automatic sign-in) arrives with the Telegram integration.
import { proxy } from 'valtio';
import { detectPlatform, type PlatformKind } from './detect.ts';

export type { PlatformKind } from './detect.ts';

export const platform = proxy({
  kind: 'web' as PlatformKind,
  detected: false,
});

export async function initPlatform(): Promise<PlatformKind> {
  const kind = await detectPlatform();
  platform.kind = kind;
  platform.detected = true;
  document.documentElement.dataset.platform = kind;
  return kind;
}
