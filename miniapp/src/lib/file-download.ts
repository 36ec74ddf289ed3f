// Files the server answers: exports, the backup, a timesheet's CSV (issue 25). Outside Telegram a
// plain download link streams the file with the cookie. Inside Telegram the client downloads the
// file itself (`downloadFile`), with none of the app's cookies or headers, and a webview may not save
// a link's file at all: the app asks for a short-lived signed address and hands it to Telegram.
// Files the page makes (a chart's CSV or PNG) go the same way there: the server holds them for the
// link's few minutes.
import { downloads } from '@tracker/shared/api/contract/downloads';
import type { BROWSER_FILE_TYPES } from '@tracker/shared/api/downloads';
import { platform } from '../platform/index.ts';
import { telegramDownload } from '../platform/telegram-download.ts';
import { api } from './api-client.ts';

/** A `download` link clicked for the user: the browser saves what `url` answers as `fileName`. */
export function clickDownload(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Whether a file link must go through `downloadFile` here (inside Telegram), not the browser. */
export const downloadsThroughTelegram = () => platform.kind === 'telegram';

/** `path`: the file's address (path and query), one `POST /api/downloads/link` accepts. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  if (!downloadsThroughTelegram()) return clickDownload(path, fileName);
  const { url } = await api(downloads.link, { body: { path } });
  // An older client without downloadFile: the signed address needs no cookie, so a link still works.
  if ((await telegramDownload(url, fileName)) === 'unavailable') clickDownload(url, fileName);
}

/** How long a made file's object URL outlives the click: the download has started long before. */
const KEEP_URL_MS = 60_000;

const base64Of = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(blob);
  });

/** A file made in the page: a download link of its own bytes, or inside Telegram its signed address handed to the client. */
export async function saveMadeFile(blob: Blob, fileName: string, type: (typeof BROWSER_FILE_TYPES)[number]): Promise<void> {
  if (!downloadsThroughTelegram()) {
    const url = URL.createObjectURL(blob);
    clickDownload(url, fileName);
    setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS);
    return;
  }
  const { url } = await api(downloads.file, { body: { fileName, type, content: await base64Of(blob) } });
  if ((await telegramDownload(url, fileName)) === 'unavailable') clickDownload(url, fileName);
}
