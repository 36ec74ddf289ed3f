import { blog } from '@tracker/shared/api/contract/blog';
import type { Locale } from '@tracker/shared/locales';
import { api } from '../../lib/api-client.ts';

export const blogApi = {
  list: (lang: Locale, page: number, tag: string | null, signal?: AbortSignal) =>
    api(blog.posts, { query: { lang, page, tag: tag ?? undefined }, signal }),
  post: (slug: string, lang: Locale, signal?: AbortSignal) => api(blog.post, { params: { slug }, query: { lang }, signal }),
};
