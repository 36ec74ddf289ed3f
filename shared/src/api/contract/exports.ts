// Export and backup (issue 17, see contract/endpoint.ts). The CSV and the zip are files, not JSON:
// they declare no answer schema; export.json answers in the shape the `tracker` import format reads.
import { downloadSignedQuerySchema } from '../downloads.ts';
import { projectExportSchema } from '../export.ts';
import { endpoint } from './endpoint.ts';

/** A signed link's `user`, `expires`, `sig` (`POST /api/downloads/link`), all three or none (then the session decides). */
const signedQuery = downloadSignedQuerySchema.partial();

export const dataExport = {
  /** One row per issue, every field and one column per custom field; UTF-8 with BOM, RFC 4180. */
  projectCsv: endpoint('GET', '/api/projects/:ref/export.csv', { query: signedQuery, responseType: 'text/csv' }),
  /** Full fidelity, streamed: comments, activity and attachments' metadata. */
  projectJson: endpoint('GET', '/api/projects/:ref/export.json', { query: signedQuery, response: projectExportSchema }),
  /** Admins: workspace.json and every attachment's bytes, zipped and streamed. */
  backup: endpoint('GET', '/api/admin/backup.zip', { query: signedQuery, responseType: 'application/zip' }),
};
