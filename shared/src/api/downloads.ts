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
