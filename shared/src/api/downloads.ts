// Signed links to the app's file answers (issue 25): inside Telegram the client downloads a file
// itself (`downloadFile`), with none of the app's cookies or headers, so the address must carry its
// credential. The app asks for a short-lived link signed for the user and the exact address; the
// file route takes it instead of a session. Outside Telegram plain links carry the cookie.
import { z } from 'zod';
import { text } from './fields.ts';
import { backupFileName, exportFileName } from './values/downloads.ts';

export { backupFileName, exportFileName };

/** The file answers a link may be signed for: a project's exports, the backup, a timesheet's CSV. */
const DOWNLOADABLE = [/^\/api\/projects\/[A-Za-z0-9_-]{1,64}\/export\.(csv|json)$/, /^\/api\/admin\/backup\.zip$/, /^\/api\/timesheet\.csv$/];
/** Query names the signature itself uses (as an attachment link's). */
export const DOWNLOAD_SIGNATURE_PARAMS = ['user', 'expires', 'sig'] as const;

function downloadable(address: string): boolean {
  const [path, query = ''] = address.split(/\?(.*)/s);
  if (!DOWNLOADABLE.some((re) => re.test(path ?? ''))) return false;
  const params = new URLSearchParams(query);
  return !DOWNLOAD_SIGNATURE_PARAMS.some((name) => params.has(name));
}

/** `POST /api/downloads/link`: the address (path and query) of the file to sign. */
export const downloadLinkRequestSchema = z.object({
  path: text()
    .max(2000, 'validation.tooLong')
    .refine((p) => !/[\s#]/.test(p) && downloadable(p), 'validation.invalid'),
});
export type DownloadLinkRequest = z.infer<typeof downloadLinkRequestSchema>;

/** The signed address (the same path and query, plus `user`, `expires`, `sig`), valid until `expiresAt`. */
export const downloadLinkResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type DownloadLinkResponse = z.infer<typeof downloadLinkResponseSchema>;


/** The signature part of a signed file address (`?…&user=…&expires=…&sig=…`). */
export const downloadSignedQuerySchema = z.object({
  user: z.string().regex(/^[1-9]\d{0,9}$/, 'validation.invalid').transform(Number),
  /** Unix seconds. */
  expires: z.string().regex(/^\d{1,12}$/, 'validation.invalid').transform(Number),
  sig: z.string().regex(/^[\w-]{1,64}$/, 'validation.invalid'),
});

/**
 * The kinds of file the web app makes itself (a chart's CSV or PNG): inside Telegram a webview may
 * not save a file made in the page, so the app hands it to the server for a few minutes and gives
 * Telegram's downloader its signed address, as for the server's own files.
 */
export const BROWSER_FILE_TYPES = ['text/csv', 'image/png'] as const;
/** The largest file accepted, decoded (a chart's PNG at twice the screen's density is ~100 KB). */
export const BROWSER_FILE_MAX_BYTES = 600 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** `POST /api/downloads/files`: the file's name, type and bytes (base64). */
export const browserFileRequestSchema = z.object({
  fileName: text()
    .trim()
    .min(1, 'validation.required')
    .max(200, 'validation.tooLong')
    .refine((s) => !/[\\/"]/.test(s) && [...s].every((c) => c.charCodeAt(0) >= 0x20), 'validation.fileName'),
  type: z.enum(BROWSER_FILE_TYPES, 'validation.invalid'),
  content: z
    .string('validation.invalid')
    .max(Math.ceil(BROWSER_FILE_MAX_BYTES / 3) * 4, 'validation.tooLong')
    .refine((s) => s.length % 4 === 0 && BASE64.test(s), 'validation.invalid'),
});
export type BrowserFileRequest = z.infer<typeof browserFileRequestSchema>;
