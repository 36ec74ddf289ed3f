// Telegram's two signature schemes, both checked in constant time:
// - Mini App init data: HMAC-SHA-256 keyed by HMAC-SHA-256("WebAppData", bot token)
//   (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app);
// - Login Widget: HMAC-SHA-256 keyed by SHA-256(bot token)
//   (https://core.telegram.org/widgets/login#checking-authorization).
// In both the signed text is every received field except `hash`, as `key=value`, sorted by key, joined by '\n'.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { TelegramAuthError } from '@tracker/shared/api/telegram';
import { z } from 'zod';

/** Accepted clock difference between Telegram and us before `auth_date` counts as "in the future". */
export const FUTURE_SKEW_SEC = 30;

export interface TelegramProfile {
  id: number;
  first_name: string;
  last_name: string | null;
  username: string | null;
  language_code: string | null;
  is_premium: boolean;
  photo_url: string | null;
}

export type Verified = { ok: true; profile: TelegramProfile; hash: string; authDate: number; startParam: string | null } | { ok: false; error: TelegramAuthError };

const initDataUser = z.object({
  id: z.number().int().positive(),
  first_name: z.string().max(256).default(''),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  language_code: z.string().max(16).optional(),
  is_premium: z.boolean().optional(),
  photo_url: z.string().max(2000).optional(),
});

export function dataCheckString(fields: Iterable<[string, string]>): string {
  return [...fields]
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

export const initDataSecret = (botToken: string) => createHmac('sha256', 'WebAppData').update(botToken).digest();
export const widgetSecret = (botToken: string) => createHash('sha256').update(botToken).digest();

function sameHex(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

function checkAge(authDate: number, maxAgeSec: number, nowSec: number): TelegramAuthError | null {
  if (!Number.isInteger(authDate) || authDate <= 0) return 'malformed';
  if (authDate > nowSec + FUTURE_SKEW_SEC) return 'future';
  if (nowSec - authDate > maxAgeSec) return 'expired';
  return null;
}

const profileOf = (u: z.infer<typeof initDataUser>): TelegramProfile => ({
  id: u.id,
  first_name: u.first_name,
  last_name: u.last_name ?? null,
  username: u.username ?? null,
  language_code: u.language_code ?? null,
  is_premium: u.is_premium ?? false,
  photo_url: u.photo_url ?? null,
});

export function verifyInitData(raw: string, botToken: string, maxAgeSec: number, nowSec = Math.floor(Date.now() / 1000)): Verified {
  const params = new URLSearchParams(raw);
  const hash = params.get('hash');
  if (!hash) return { ok: false, error: 'malformed' };
  const expected = createHmac('sha256', initDataSecret(botToken)).update(dataCheckString(params.entries())).digest('hex');
  if (!sameHex(expected, hash)) return { ok: false, error: 'invalid_hash' };
  const authDate = Number(params.get('auth_date'));
  const ageError = checkAge(authDate, maxAgeSec, nowSec);
  if (ageError) return { ok: false, error: ageError };
  let user: z.infer<typeof initDataUser>;
  try {
    const parsed = initDataUser.safeParse(JSON.parse(params.get('user') ?? 'null'));
    if (!parsed.success) return { ok: false, error: 'malformed' };
    user = parsed.data;
  } catch {
    return { ok: false, error: 'malformed' };
  }
  return { ok: true, profile: profileOf(user), hash: hash.toLowerCase(), authDate, startParam: params.get('start_param') };
}

/** `fields` is the widget's object exactly as received (extra fields are part of the signed text). */
export function verifyWidget(fields: Record<string, string | number | boolean>, botToken: string, maxAgeSec: number, nowSec = Math.floor(Date.now() / 1000)): Verified {
  const hash = String(fields.hash ?? '');
  const entries = Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]);
  const expected = createHmac('sha256', widgetSecret(botToken)).update(dataCheckString(entries)).digest('hex');
  if (!sameHex(expected, hash)) return { ok: false, error: 'invalid_hash' };
  const authDate = Number(fields.auth_date);
  const ageError = checkAge(authDate, maxAgeSec, nowSec);
  if (ageError) return { ok: false, error: ageError };
  const user = initDataUser.safeParse({ ...fields, id: Number(fields.id) });
  if (!user.success) return { ok: false, error: 'malformed' };
  return { ok: true, profile: profileOf(user.data), hash: hash.toLowerCase(), authDate, startParam: null };
}
