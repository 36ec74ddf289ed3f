import { admin } from '@tracker/shared/api/contract/admin';
import { api, apiUpload } from '../../lib/api-client.ts';
import type { RedirectInput } from '@tracker/shared/api/admin';
import type { PostInput } from '@tracker/shared/api/blog';

export const adminApi = {
  stats: () => api(admin.stats),
  users: (q: string, page: number) => api(admin.users, { query: { q, page } }),
  updateUser: (id: number, change: { admin?: boolean; blocked?: boolean }) => api(admin.updateUser, { params: { id }, body: change }),
  redirects: () => api(admin.redirects),
  saveRedirect: (id: number | null, input: RedirectInput) => (id == null ? api(admin.createRedirect, { body: input }) : api(admin.updateRedirect, { params: { id }, body: input })),
  deleteRedirect: (id: number) => api(admin.deleteRedirect, { params: { id } }),
  hosts: () => api(admin.hosts),
  addHost: (host: string) => api(admin.addHost, { body: { host } }),
  removeHost: (host: string) => api(admin.removeHost, { params: { host } }),
  posts: () => api(admin.posts),
  post: (id: number) => api(admin.post, { params: { id } }),
  savePost: (id: number | null, input: PostInput) => (id == null ? api(admin.createPost, { body: input }) : api(admin.updatePost, { params: { id }, body: input })),
  deletePost: (id: number) => api(admin.deletePost, { params: { id } }),
  /** Raw-body upload (the file's own content type), like issue attachments. */
  uploadImage: (file: File) => apiUpload(admin.uploadImage, file, {}).then((r) => r.image),
};
