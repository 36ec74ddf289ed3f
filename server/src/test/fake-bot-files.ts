// The files side of the test Bot API peer: files "sent by users" that the bot fetches with getFile
// and then downloads from `/file/bot<token>/<file_path>`, refused as Telegram refuses them (an
// unknown file_id; a file over the 20 MB bots may download).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Refusal } from './bot-api-rules.ts';

const BOT_DOWNLOAD_MAX = 20 * 1024 * 1024;

interface StoredFile {
  uniqueId: string;
  bytes: Buffer;
  size: number;
  path: string;
}

export class FakeBotFiles {
  private files = new Map<string, StoredFile>();
  private next = 1;
  /** Files downloaded, by path. */
  readonly downloads: string[] = [];

  /**
   * A file as a user's message carries it; `size` says how big Telegram reports it (a huge file need
   * not be held in memory). Returns the message's `file_id`, `file_unique_id` and `file_size`.
   */
  add(bytes: Buffer, { size = bytes.length, folder = 'documents', ext = '' } = {}) {
    const n = this.next++;
    const file: StoredFile = { uniqueId: `uniq${n}`, bytes, size, path: `${folder}/file_${n}${ext}` };
    const fileId = `file-id-${n}`;
    this.files.set(fileId, file);
    return { file_id: fileId, file_unique_id: file.uniqueId, file_size: size };
  }

  check(method: string, p: Record<string, any>): Refusal | null {
    if (method !== 'getFile') return null;
    const file = this.files.get(String(p.file_id));
    if (!file) return { code: 400, description: 'Bad Request: invalid file_id' };
    if (file.size > BOT_DOWNLOAD_MAX) return { code: 400, description: 'Bad Request: file is too big' };
    return null;
  }

  /** getFile's result (once `check` accepted the call). */
  result(p: Record<string, any>) {
    const file = this.files.get(String(p.file_id))!;
    return { file_id: p.file_id, file_unique_id: file.uniqueId, file_size: file.size, file_path: file.path };
  }

  /** Answers `GET /file/bot<token>/<file_path>`; false when the request is not a download. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const found = /^\/file\/bot[^/]+\/(.+)$/.exec(req.url ?? '');
    if (!found) return false;
    const file = [...this.files.values()].find((f) => f.path === found[1]);
    if (!file || file.size > BOT_DOWNLOAD_MAX) {
      res.statusCode = 404;
      res.end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
      return true;
    }
    this.downloads.push(file.path);
    res.setHeader('content-type', 'application/octet-stream');
    res.end(file.bytes);
    return true;
  }
}
