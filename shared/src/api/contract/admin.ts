// The admin area (see contract/endpoint.ts); custom fields are in contract/custom-fields.ts.
import {
  adminStatsSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  adminUserUpdateSchema,
  redirectHostInputSchema,
  redirectHostsResponseSchema,
  redirectInputSchema,
  redirectResponseBodySchema,
  redirectsResponseSchema,
} from '../admin.ts';
import { adminPostResponseSchema, adminPostsResponseSchema, blogImageResponseSchema, postInputSchema } from '../blog.ts';
import { endpoint } from './endpoint.ts';

export const admin = {
  stats: endpoint('GET', '/api/admin/stats', { response: adminStatsSchema }),
  users: endpoint('GET', '/api/admin/users', { query: adminUsersQuerySchema, response: adminUsersResponseSchema }),
  updateUser: endpoint('PATCH', '/api/admin/users/:id', { body: adminUserUpdateSchema, response: adminUserResponseSchema }),
  redirects: endpoint('GET', '/api/admin/redirects', { response: redirectsResponseSchema }),
  createRedirect: endpoint('POST', '/api/admin/redirects', { body: redirectInputSchema, response: redirectResponseBodySchema, status: 201 }),
  updateRedirect: endpoint('PUT', '/api/admin/redirects/:id', { body: redirectInputSchema, response: redirectResponseBodySchema }),
  deleteRedirect: endpoint('DELETE', '/api/admin/redirects/:id'),
  hosts: endpoint('GET', '/api/admin/redirect-hosts', { response: redirectHostsResponseSchema }),
  addHost: endpoint('POST', '/api/admin/redirect-hosts', { body: redirectHostInputSchema, response: redirectHostInputSchema, status: 201 }),
  removeHost: endpoint('DELETE', '/api/admin/redirect-hosts/:host'),
  posts: endpoint('GET', '/api/admin/blog/posts', { response: adminPostsResponseSchema }),
  createPost: endpoint('POST', '/api/admin/blog/posts', { body: postInputSchema, response: adminPostResponseSchema, status: 201 }),
  post: endpoint('GET', '/api/admin/blog/posts/:id', { response: adminPostResponseSchema }),
  updatePost: endpoint('PUT', '/api/admin/blog/posts/:id', { body: postInputSchema, response: adminPostResponseSchema }),
  deletePost: endpoint('DELETE', '/api/admin/blog/posts/:id'),
  uploadImage: endpoint('POST', '/api/admin/blog/images', { response: blogImageResponseSchema, status: 201, bodyType: 'image/*', summary: 'The image as the raw body' }),
};
