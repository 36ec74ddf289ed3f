// Inside Telegram the client itself downloads (Bot API 8.0 `downloadFile`): a webview may not save
// a file from a link, and Telegram Web's frame carries no cookie. The address must therefore work
// without a session — a signed link. Outside Telegram, or on an older client, the caller falls back.
import { log } from '../lib/logger.ts';
import { platform } from './index.ts';

export type TelegramDownload = 'started' | 'declined' | 'unavailable';

export async function telegramDownload(url: string, fileName: string): Promise<TelegramDownload> {
  if (platform.kind !== 'telegram') return 'unavailable';
  // The SDK chunk is already loaded inside Telegram (platform/telegram.ts); this only reuses it.
  const { downloadFile } = await import('@telegram-apps/sdk-react');
  const [available, asked] = downloadFile.ifAvailable(new URL(url, location.href).href, fileName);
  if (!available) return 'unavailable';
  try {
    await asked;
    return 'started';
  } catch (err) {
    // The user said no in Telegram's own dialog: nothing to show.
    log.info('telegram: download not started', err);
    return 'declined';
  }
}
