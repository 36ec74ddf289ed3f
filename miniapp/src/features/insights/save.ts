// A file made in the browser (a chart's CSV or PNG), saved through a download link.
import { clickDownload } from '../../lib/file-download.ts';

/** How long the file's object URL outlives the click: the download has started long before. */
const KEEP_URL_MS = 60_000;

export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  clickDownload(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS);
}
