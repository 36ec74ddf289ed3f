// Downloads by a fresh short-lived signed link, asked for through the one client: a plain link
// carries only the cookie, and in Telegram Web's third-party frame there is none, just the header.
// Inside Telegram the client downloads it; elsewhere a link with `download` does.
import { clickDownload } from '../../../lib/file-download.ts';
import { telegramDownload } from '../../../platform/telegram-download.ts';
import { issueApi } from '../../../lib/api/issue-detail.ts';

export async function downloadAttachment(attachment: { id: number; fileName: string }): Promise<void> {
  const { url } = await issueApi.attachmentLink(attachment.id);
  if ((await telegramDownload(url, attachment.fileName)) !== 'unavailable') return;
  clickDownload(url, attachment.fileName);
}
