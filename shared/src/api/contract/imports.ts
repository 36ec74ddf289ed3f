// Imports (issue 17; see contract/endpoint.ts). The upload is multipart (`file`, `format`,
// `mapping?`, `dryRun?`): its text fields are `createImportFieldsSchema`, parsed by the route.
import { createImportResponseSchema, importResponseSchema, importsResponseSchema } from '../imports.ts';
import { endpoint } from './endpoint.ts';

export const imports = {
  create: endpoint('POST', '/api/projects/:id/imports', { response: createImportResponseSchema }),
  list: endpoint('GET', '/api/projects/:id/imports', { response: importsResponseSchema }),
  get: endpoint('GET', '/api/imports/:id', { response: importResponseSchema }),
};
