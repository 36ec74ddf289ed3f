import { z } from 'zod';
import { text } from './fields.ts';

export const adminStatsSchema = z.object({
  counts: z.object({ users: z.number().int(), projects: z.number().int(), issues: z.number().int(), posts: z.number().int() }),
  /** The last 30 days, oldest first, dates as YYYY-MM-DD (UTC). */
  daily: z.array(z.object({ date: z.string(), signups: z.number().int(), issues: z.number().int() })),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminUsersQuerySchema = z.object({
  q: text().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ADMIN_USERS_PAGE_SIZE = 25;

export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  blockedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export const adminUserResponseSchema = z.object({ user: adminUserSchema });

/** Grant/revoke admin and block/unblock; each field optional. */
export const adminUserUpdateSchema = z
  .object({ admin: z.boolean().optional(), blocked: z.boolean().optional() })
  .refine((v) => v.admin !== undefined || v.blocked !== undefined, { message: 'validation.required' });

/** A path on this site, or an absolute http(s) URL (its host must be on the allow-list). */
export const redirectTargetSchema = text()
  .trim()
  .min(1, 'validation.required')
  .max(2000, 'validation.tooLong')
  .refine((s) => s.startsWith('/') ? !s.startsWith('//') : /^https?:\/\/[^/\s]+/i.test(s), 'admin.validation.redirectTarget');

export const redirectInputSchema = z.object({
  fromPath: text()
    .trim()
    .min(1, 'validation.required')
    .max(2000, 'validation.tooLong')
    .refine((s) => s.startsWith('/') && !s.startsWith('//') && !/[\s?#]/.test(s), 'admin.validation.redirectFrom'),
  to: redirectTargetSchema,
  permanent: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type RedirectInput = z.input<typeof redirectInputSchema>;

export const redirectRuleSchema = z.object({
  id: z.number().int(),
  fromPath: z.string(),
  to: z.string(),
  permanent: z.boolean(),
  enabled: z.boolean(),
  external: z.boolean(),
  createdAt: z.string(),
});
export type RedirectRule = z.infer<typeof redirectRuleSchema>;
export const redirectsResponseSchema = z.object({ redirects: z.array(redirectRuleSchema) });
export const redirectResponseBodySchema = z.object({ redirect: redirectRuleSchema });

export const hostSchema = text()
  .trim()
  .toLowerCase()
  .min(1, 'validation.required')
  .max(253, 'validation.tooLong')
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, 'admin.validation.host');
export const redirectHostInputSchema = z.object({ host: hostSchema });
export const redirectHostsResponseSchema = z.object({
  /** Hosts added by admins (removable). */
  hosts: z.array(z.object({ host: z.string(), createdAt: z.string() })),
  /** Hosts from the EXTERNAL_REDIRECT_HOSTS setting (read-only here). */
  configured: z.array(z.string()),
});
export type RedirectHostsResponse = z.infer<typeof redirectHostsResponseSchema>;
