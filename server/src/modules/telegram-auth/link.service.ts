// Linking Telegram to an e-mail account through a one-time `t.me/<bot>?start=link_<token>` link,
// and confirming the phone from a shared contact. The bot calls these through its hooks.
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LinkStatus, LinkStatusResponse, PhoneStatusResponse } from '@tracker/shared/api/telegram';
import { lockTelegramId, upsertAccount } from './account.service.ts';
import type { TelegramProfile } from './verify.ts';
import { hashSecretToken } from '../../secret-token.ts';

export const LINK_TOKEN_TTL_SEC = 15 * 60;
export const LINK_PAYLOAD_PREFIX = 'link_';


export async function createLinkToken(em: EntityManager, userId: number): Promise<{ token: string; expiresAt: Date }> {
  // 32 random bytes in base64url: 43 characters, inside Telegram's 64-character start payload.
  const token = randomBytes(32).toString('base64url');
  const [row] = await em.execute<{ expires_at: Date }[]>(
    `insert into telegram_link_tokens (token_hash, user_id, expires_at) values (?, ?, now() + make_interval(secs => ?)) returning expires_at`,
    [hashSecretToken(token), userId, LINK_TOKEN_TTL_SEC],
  );
  return { token, expiresAt: new Date(row!.expires_at) };
}

export async function linkStatus(em: EntityManager, userId: number, token: string): Promise<LinkStatusResponse | null> {
  const [row] = await em.execute<{ status: LinkStatus; username: string | null; expired: boolean }[]>(
    'select status, username, expires_at < now() as expired from telegram_link_tokens where token_hash = ? and user_id = ?',
    [hashSecretToken(token), userId],
  );
  if (!row) return null;
  return { status: row.status === 'pending' && row.expired ? 'expired' : row.status, username: row.username };
}

/** The bot received `/start link_<token>` from `profile`: link that Telegram account to the token's user. */
export async function confirmLink(em: EntityManager, token: string, profile: TelegramProfile): Promise<LinkStatus> {
  return em.transactional(async (tem) => {
    const [row] = await tem.execute<{ user_id: number; status: LinkStatus; expired: boolean }[]>(
      'select user_id, status, expires_at < now() as expired from telegram_link_tokens where token_hash = ? for update',
      [hashSecretToken(token)],
    );
    if (!row || row.status !== 'pending' || row.expired) return 'expired';
    await lockTelegramId(tem, profile.id);
    const [byTelegram] = await tem.execute<{ user_id: number }[]>('select user_id from telegram_accounts where telegram_id = ?', [profile.id]);
    const [byUser] = await tem.execute<{ telegram_id: string }[]>('select telegram_id from telegram_accounts where user_id = ?', [row.user_id]);
    const conflict = (byTelegram && byTelegram.user_id !== row.user_id) || (byUser && Number(byUser.telegram_id) !== profile.id);
    const status: LinkStatus = conflict ? 'conflict' : 'confirmed';
    if (!conflict) await upsertAccount(tem, row.user_id, profile);
    await tem.execute('update telegram_link_tokens set status = ?, telegram_id = ?, username = ? where token_hash = ?', [status, profile.id, profile.username, hashSecretToken(token)]);
    return status;
  });
}

/** E.164-ish: Telegram sends the number without '+'. */
export function normalisePhone(phone: string): string | null {
  const digits = phone.replace(/[^\d]/g, '');
  return digits.length >= 7 && digits.length <= 15 ? `+${digits}` : null;
}

/** A contact the sender shared about themself: their phone becomes the linked user's confirmed phone. */
export async function confirmPhoneFromContact(em: EntityManager, telegramId: number, phone: string): Promise<'confirmed' | 'not_linked' | 'invalid'> {
  const normalised = normalisePhone(phone);
  if (!normalised) return 'invalid';
  const rows = await em.execute<{ id: number }[]>(
    `update users set phone = ?, phone_confirmed_at = now(), updated_at = now()
      where id = (select user_id from telegram_accounts where telegram_id = ?) returning id`,
    [normalised, telegramId],
  );
  return rows.length ? 'confirmed' : 'not_linked';
}

export async function phoneStatus(em: EntityManager, userId: number): Promise<PhoneStatusResponse> {
  const [row] = await em.execute<{ phone: string | null; phone_confirmed_at: Date | null }[]>('select phone, phone_confirmed_at from users where id = ?', [userId]);
  return { phone: row?.phone ?? null, phone_confirmed_at: row?.phone_confirmed_at ? new Date(row.phone_confirmed_at).toISOString() : null };
}
