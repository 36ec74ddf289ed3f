import { z } from 'zod';
import { LOCALES } from '../locales.ts';

/** The current user as the API returns it (spec §3: fields the client reads). */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  email_confirmed_at: z.string().nullable(),
  /** A new address waiting for its confirmation link; `email` stays the account's until then. */
  pending_email: z.string().nullable().optional(),
  phone: z.string().nullable(),
  phone_confirmed_at: z.string().nullable(),
  roles: z.array(z.string()).default([]),
  locale: z.enum(LOCALES),
  /** The 128 px WebP of the user's avatar (other sizes: same address with -64/-256), or null. */
  avatar_url: z.string().nullable().optional(),
  /**
   * The Telegram account linked to the user, or null. Inside Telegram the app compares it with the
   * launch's init data: a session of another account is not taken over (issue 25).
   */
  telegram_id: z.number().int().nullable().optional(),
  /**
   * The time zone of the user's profile (notification settings), null while they have chosen none:
   * the web app then counts "today" in the browser's (shared/src/dates.ts, `userTimeZone`).
   */
  time_zone: z.string().nullable().optional(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;
