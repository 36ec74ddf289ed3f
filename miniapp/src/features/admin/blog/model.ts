import type { AdminPost, BlogImage, PostInput, PostVersionInput } from '@tracker/shared/api/blog';
import type { Locale } from '@tracker/shared/locales';

export function postState(p: { status: 'draft' | 'published'; publishedAt: string | null }, now = Date.now()): 'draft' | 'published' | 'scheduled' {
  if (p.status === 'draft') return 'draft';
  return p.publishedAt && new Date(p.publishedAt).getTime() > now ? 'scheduled' : 'published';
}

export interface EditorState {
  slug: string;
  tags: string;
  status: 'draft' | 'published';
  /** `datetime-local` value (local time) or empty. */
  publishedAt: string;
  cover: BlogImage | null;
  enabled: Record<Locale, boolean>;
  versions: Record<Locale, PostVersionInput>;
}

const emptyVersion = (): PostVersionInput => ({ title: '', excerpt: '', body: '' });

const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export function editorFrom(post: AdminPost | null, locale: Locale): EditorState {
  if (!post) return { slug: '', tags: '', status: 'draft', publishedAt: '', cover: null, enabled: { ru: locale === 'ru', en: locale === 'en' }, versions: { ru: emptyVersion(), en: emptyVersion() } };
  return {
    slug: post.slug,
    tags: post.tags.join(', '),
    status: post.status,
    publishedAt: toLocalInput(post.publishedAt),
    cover: post.cover,
    enabled: { ru: !!post.versions.ru, en: !!post.versions.en },
    versions: { ru: post.versions.ru ?? emptyVersion(), en: post.versions.en ?? emptyVersion() },
  };
}

export function toInput(s: EditorState): PostInput {
  return {
    slug: s.slug,
    tags: s.tags.split(',').map((x) => x.trim()).filter(Boolean),
    status: s.status,
    publishedAt: s.publishedAt ? new Date(s.publishedAt).toISOString() : null,
    coverImageId: s.cover?.id ?? null,
    versions: { ru: s.enabled.ru ? s.versions.ru : undefined, en: s.enabled.en ? s.versions.en : undefined },
  };
}

/** A URL-safe slug suggestion from a title (Cyrillic transliterated). */
const CYR: Record<string, string> = { а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya' };
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .split('')
    .map((c) => CYR[c] ?? c)
    .join('')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

export const imageMarkdown = (image: BlogImage, alt = '') => `![${alt}](${image.url}/1024.webp)`;
