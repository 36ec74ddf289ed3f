// Signed download links for the file answers (see contract/endpoint.ts and ../downloads.ts).
import { browserFileRequestSchema, downloadLinkRequestSchema, downloadLinkResponseSchema, downloadSignedQuerySchema } from '../downloads.ts';
import { endpoint } from './endpoint.ts';

export const downloads = {
  /** A link to an export, the backup or a timesheet CSV that works without a session for a few minutes. */
  link: endpoint('POST', '/api/downloads/link', { body: downloadLinkRequestSchema, response: downloadLinkResponseSchema }),
  /** A file the web app made (a chart's CSV or PNG), kept for as long as its signed link lives: for Telegram's downloader. */
  file: endpoint('POST', '/api/downloads/files', { body: browserFileRequestSchema, response: downloadLinkResponseSchema, status: 201 }),
  /** That file, once, to its maker: by the signed link (or their session) until it expires. */
  getFile: endpoint('GET', '/api/downloads/files/:id', { query: downloadSignedQuerySchema.partial(), responseType: 'application/octet-stream' }),
};
