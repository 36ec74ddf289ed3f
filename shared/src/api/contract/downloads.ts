// Signed download links for the file answers (see contract/endpoint.ts and ../downloads.ts).
import { downloadLinkRequestSchema, downloadLinkResponseSchema } from '../downloads.ts';
import { endpoint } from './endpoint.ts';

export const downloads = {
  /** A link to an export, the backup or a timesheet CSV that works without a session for a few minutes. */
  link: endpoint('POST', '/api/downloads/link', { body: downloadLinkRequestSchema, response: downloadLinkResponseSchema }),
};
