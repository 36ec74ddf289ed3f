import type { AdminStats, AdminUser, RedirectHostsResponse, RedirectInput, RedirectRule } from '@tracker/shared/api/admin';
import type { AdminPost, AdminPostRow, BlogImage, PostInput } from '@tracker/shared/api/blog';
import { ApiError, http } from '../../lib/http.ts';

export const adminApi = {
  stats: () => http.get<AdminStats>('/api/admin/stats'),
  users: (q: string, page: number) => http.get<{ users: AdminUser[]; total: number; page: number; pageSize: number }>('/api/admin/users', { query: { q, page } }),
  updateUser: (id: number, change: { admin?: boolean; blocked?: boolean }) => http.request<{ user: AdminUser }>(`/api/admin/users/${id}`, { method: 'PATCH', body: change }),
  redirects: () => http.get<{ redirects: RedirectRule[] }>('/api/admin/redirects'),
  saveRedirect: (id: number | null, input: RedirectInput) =>
    id == null ? http.post<{ redirect: RedirectRule }>('/api/admin/redirects', input) : http.request<{ redirect: RedirectRule }>(`/api/admin/redirects/${id}`, { method: 'PUT', body: input }),
  deleteRedirect: (id: number) => http.request<void>(`/api/admin/redirects/${id}`, { method: 'DELETE' }),
  hosts: () => http.get<RedirectHostsResponse>('/api/admin/redirect-hosts'),
  addHost: (host: string) => http.post<{ host: string }>('/api/admin/redirect-hosts', { host }),
  removeHost: (host: string) => http.request<void>(`/api/admin/redirect-hosts/${encodeURIComponent(host)}`, { method: 'DELETE' }),
  posts: () => http.get<{ posts: AdminPostRow[] }>('/api/admin/blog/posts'),
  post: (id: number) => http.get<{ post: AdminPost }>(`/api/admin/blog/posts/${id}`),
  savePost: (id: number | null, input: PostInput) =>
    id == null ? http.post<{ post: AdminPost }>('/api/admin/blog/posts', input) : http.request<{ post: AdminPost }>(`/api/admin/blog/posts/${id}`, { method: 'PUT', body: input }),
  deletePost: (id: number) => http.request<void>(`/api/admin/blog/posts/${id}`, { method: 'DELETE' }),
  /** Raw-body upload (the file's own content type), like issue attachments. */
  uploadImage: (file: File) => http.upload<{ image: BlogImage }>('/api/admin/blog/images', file).then((r) => r.image),
};

/** Field messages (i18n keys by dotted path) and one form message (already translated or a key). */
export function adminErrors(err: unknown): { fields: Record<string, string>; form: { key: string; raw: boolean } | null } {
  if (!(err instanceof ApiError)) return { fields: {}, form: { key: 'errors.network', raw: false } };
  const fields: Record<string, string> = {};
  let form: { key: string; raw: boolean } | null = null;
  for (const issue of err.data.issues ?? []) {
    const path = issue.path.join('.');
    if (!path) form ??= { key: issue.message, raw: false };
    else if (!(path in fields)) fields[path] = issue.message;
  }
  if (!form && !Object.keys(fields).length) {
    form = err.data.code && err.data.code !== 'validation' ? { key: `errors.codes.${err.data.code}`, raw: false } : { key: err.statusMessage || 'errors.network', raw: !!err.statusMessage };
  }
  return { fields, form };
}
