import type { BlogListResponse, BlogPost } from '@tracker/shared/api/blog';
import type { Locale } from '@tracker/shared/locales';
import { http } from '../../lib/http.ts';

export const blogApi = {
  list: (lang: Locale, page: number, tag: string | null, signal?: AbortSignal) =>
    http.get<BlogListResponse>('/api/blog/posts', { query: { lang, page, tag: tag ?? undefined }, signal }),
  post: (slug: string, lang: Locale, signal?: AbortSignal) => http.get<{ post: BlogPost }>(`/api/blog/posts/${encodeURIComponent(slug)}`, { query: { lang }, signal }),
};
