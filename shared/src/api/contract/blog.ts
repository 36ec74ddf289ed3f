// The public blog (see contract/endpoint.ts); editing is in contract/admin.ts.
import { blogListQuerySchema, blogListResponseSchema, blogPostQuerySchema, blogPostResponseSchema } from '../blog.ts';
import { endpoint } from './endpoint.ts';

export const blog = {
  posts: endpoint('GET', '/api/blog/posts', { query: blogListQuerySchema, response: blogListResponseSchema, public: true }),
  post: endpoint('GET', '/api/blog/posts/:slug', { query: blogPostQuerySchema, response: blogPostResponseSchema, public: true }),
  /** `:file` is `<width>.webp`. */
  image: endpoint('GET', '/api/blog/images/:key/:file', { responseType: 'image/webp', public: true }),
};
