import { z } from 'zod';
import { dateTime, id, text } from './fields.ts';
import { LOCALES } from '../locales.ts';
import { userRefSchema } from './common.ts';

export const BLOG_STATUSES = ['draft', 'published'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export const BLOG_PAGE_SIZE = 12;
/** Words per minute for the reading time shown on a post. */
export const READING_WPM = 200;

export const slugSchema = text()
  .trim()
  .toLowerCase()
  .min(1, 'validation.required')
  .max(120, 'validation.tooLong')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'admin.validation.slug');

const tagSchema = text()
  .trim()
  .toLowerCase()
  .min(1, 'validation.required')
  .max(40, 'validation.tooLong')
  .regex(/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u, 'admin.validation.tag');

/** A processed image: WebP files at every width, and a tiny blurred placeholder as a data URI. */
export const blogImageSchema = z.object({
  id: z.number().int(),
  /** Prefix of the files: `${url}/${width}.webp`. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  widths: z.array(z.number().int()),
  placeholder: z.string(),
});
export type BlogImage = z.infer<typeof blogImageSchema>;

export const postVersionInputSchema = z.object({
  title: text().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  excerpt: text().trim().max(500, 'validation.tooLong').default(''),
  body: text().max(100_000, 'validation.tooLong').default(''),
});
export type PostVersionInput = z.infer<typeof postVersionInputSchema>;

export const postInputSchema = z
  .object({
    slug: slugSchema,
    tags: z.array(tagSchema).max(10, 'admin.validation.tooManyTags').default([]),
    status: z.enum(BLOG_STATUSES).default('draft'),
    /** When the post goes public; a future time schedules it. Empty for "now" on publishing. */
    publishedAt: dateTime().nullable().default(null),
    coverImageId: id().nullable().default(null),
    versions: z.object({ ru: postVersionInputSchema.optional(), en: postVersionInputSchema.optional() }),
  })
  .refine((p) => p.versions.ru || p.versions.en, { path: ['versions'], message: 'admin.validation.oneLanguage' });
export type PostInput = z.input<typeof postInputSchema>;

export const postRefSchema = z.object({ slug: z.string(), title: z.string() });

export const postSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  tags: z.array(z.string()),
  publishedAt: z.string(),
  readingMinutes: z.number().int(),
  author: userRefSchema.nullable(),
  cover: blogImageSchema.nullable(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const blogListQuerySchema = z.object({
  lang: z.enum(LOCALES).default('ru'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  tag: text().trim().toLowerCase().max(40).optional(),
});
export const blogListResponseSchema = z.object({
  posts: z.array(postSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  tags: z.array(z.string()),
});
export type BlogListResponse = z.infer<typeof blogListResponseSchema>;

export const blogPostQuerySchema = z.object({ lang: z.enum(LOCALES).default('ru') });
export const blogPostSchema = postSummarySchema.extend({
  /** Sanitised HTML of the Markdown body. */
  html: z.string(),
  /** Languages this post exists in (for hreflang and the language switch). */
  locales: z.array(z.enum(LOCALES)),
  updatedAt: z.string(),
  prev: postRefSchema.nullable(),
  next: postRefSchema.nullable(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;
export const blogPostResponseSchema = z.object({ post: blogPostSchema });

// Admin side.
export const adminPostSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  tags: z.array(z.string()),
  status: z.enum(BLOG_STATUSES),
  publishedAt: z.string().nullable(),
  cover: blogImageSchema.nullable(),
  author: userRefSchema.nullable(),
  versions: z.object({ ru: postVersionInputSchema.optional(), en: postVersionInputSchema.optional() }),
  oldSlugs: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPost = z.infer<typeof adminPostSchema>;
export const adminPostResponseSchema = z.object({ post: adminPostSchema });

export const adminPostRowSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  status: z.enum(BLOG_STATUSES),
  publishedAt: z.string().nullable(),
  titles: z.object({ ru: z.string().optional(), en: z.string().optional() }),
  updatedAt: z.string(),
});
export type AdminPostRow = z.infer<typeof adminPostRowSchema>;
export const adminPostsResponseSchema = z.object({ posts: z.array(adminPostRowSchema) });
export const blogImageResponseSchema = z.object({ image: blogImageSchema });
