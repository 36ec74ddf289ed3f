import { imports } from '@tracker/shared/api/contract/imports';
import { projects } from '@tracker/shared/api/contract/projects';
import type { ImportFormat, ImportMapping } from '@tracker/shared/api/imports';
import { api, apiUpload } from '../../lib/api-client.ts';

export const importsApi = {
  project: (ref: string) => api(projects.get, { params: { ref } }),
  list: (projectId: number) => api(imports.list, { params: { id: projectId } }),
  get: (id: number | string) => api(imports.get, { params: { id } }),
  /** Uploads the file (again: each preview reads it anew with the mapping chosen). */
  create: (projectId: number, input: { file: File; format: ImportFormat; mapping: ImportMapping; dryRun: boolean }, onProgress?: (f: number) => void) => {
    const form = new FormData();
    form.set('format', input.format);
    form.set('mapping', JSON.stringify(input.mapping));
    form.set('dryRun', String(input.dryRun));
    form.set('file', input.file, input.file.name);
    return apiUpload(imports.create, form, { params: { id: projectId }, onProgress });
  },
};
