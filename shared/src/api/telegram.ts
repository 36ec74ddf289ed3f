import { z } from 'zod';
import { text } from './fields.ts';
import { userSchema } from './users.ts';

/** `POST /api/auth/telegram/callback` (spec §7): the raw init data and where the client read it. */
export const telegramCallbackRequestSchema = z.object({
  tgWebAppDataRaw: text().min(1, 'validation.required').max(8192),
  unsafeFallback: z.boolean().default(false),
});
export type TelegramCallbackRequest = z.infer<typeof telegramCallbackRequestSchema>;

/**
 * Success: the user, and a session token for the mini app to send in the `X-Session-Token` header
 * where the browser refuses the session cookie (Telegram Web's third-party iframe).
 */
export const telegramSignInResponseSchema = z.object({ user: userSchema, sessionToken: z.string().optional() });
export type TelegramSignInResponse = z.infer<typeof telegramSignInResponseSchema>;

/** Failure body of the Telegram sign-in calls: the client reads `error` (spec §4 step 5). */
export const TELEGRAM_AUTH_ERRORS = [
  'not_configured',
  'malformed',
  'invalid_hash',
  'expired',
  'future',
  'replayed',
  'unsafe_fallback_disabled',
  'linked_elsewhere',
  'account_blocked',
] as const;
export type TelegramAuthError = (typeof TELEGRAM_AUTH_ERRORS)[number];

/** The Login Widget's data as Telegram hands it to the page (its fields, unchanged, are signed). */
export const telegramWidgetRequestSchema = z
  .object({
    id: z.number().int().positive(),
    first_name: text().max(256).optional(),
    last_name: text().max(256).optional(),
    username: text().max(64).optional(),
    photo_url: text().max(2000).optional(),
    auth_date: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    hash: text().regex(/^[0-9a-f]{64}$/),
  })
  .catchall(z.union([text().max(2000), z.number(), z.boolean()]));
export type TelegramWidgetRequest = z.infer<typeof telegramWidgetRequestSchema>;

export const telegramAccountSchema = z.object({
  telegram_id: z.number(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  photo_url: z.string().nullable(),
  is_premium: z.boolean(),
});
export type TelegramAccount = z.infer<typeof telegramAccountSchema>;

export const LINK_STATUSES = ['pending', 'confirmed', 'expired', 'conflict'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** `POST /api/telegram/link`: a one-time `t.me/<bot>?start=link_<token>` link. */
export const linkTokenResponseSchema = z.object({ url: z.string(), token: z.string(), expires_at: z.string() });
export type LinkTokenResponse = z.infer<typeof linkTokenResponseSchema>;

/** `POST /api/telegram/share/:ref` (issue 26): a prepared message (Bot API savePreparedInlineMessage) the mini app hands to `shareMessage`. */
export const preparedShareResponseSchema = z.object({ id: z.string() });
export type PreparedShareResponse = z.infer<typeof preparedShareResponseSchema>;

/** `GET /api/telegram/link/:token`: what the bot did with the link. */
export const linkStatusResponseSchema = z.object({ status: z.enum(LINK_STATUSES), username: z.string().nullable() });
export type LinkStatusResponse = z.infer<typeof linkStatusResponseSchema>;

/** `GET /api/telegram/phone`: polled after the contact request (spec §9). */
export const phoneStatusResponseSchema = z.object({ phone: z.string().nullable(), phone_confirmed_at: z.string().nullable() });
export type PhoneStatusResponse = z.infer<typeof phoneStatusResponseSchema>;
export const telegramAccountResponseSchema = z.object({ account: telegramAccountSchema.nullable() });
