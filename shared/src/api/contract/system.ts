// The platform's own endpoints: health, public settings, icons and this API's description
// (see contract/endpoint.ts).
import { publicConfigSchema } from '../config.ts';
import { healthQuerySchema, healthResponseSchema } from '../health.ts';
import { iconsQuerySchema, iconsResponseSchema } from '../icons.ts';
import { endpoint } from './endpoint.ts';

export const system = {
  /**
   * 503 with the error shape plus the health fields when the database is away, or (unless
   * `scope=web`) when the job queue has stalled: its worker down, or a due job waiting, longer than `JOBS_STALL_SEC`.
   */
  health: endpoint('GET', '/api/health', { query: healthQuerySchema, response: healthResponseSchema, public: true }),
  config: endpoint('GET', '/api/config', { response: publicConfigSchema, public: true }),
  icons: endpoint('GET', '/api/icons', { query: iconsQuerySchema, response: iconsResponseSchema, public: true, summary: 'Iconify JSON of the requested icons, one object per set' }),
  openapi: endpoint('GET', '/api/openapi.json', { responseType: 'application/json', public: true, summary: 'This document (OpenAPI 3.1)' }),
  docs: endpoint('GET', '/api/docs', { responseType: 'text/html', public: true, summary: 'The API reference page' }),
  docsAsset: endpoint('GET', '/api/docs/assets/:file', { responseType: 'application/octet-stream', public: true, summary: "The reference page's scripts and styles" }),
};
