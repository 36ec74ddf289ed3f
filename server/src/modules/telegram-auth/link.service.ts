// Linking Telegram to an e-mail account through a one-time `t.me/<bot>?start=link_<token>` link,
// and confirming the phone from a shared contact. The bot calls these through its hooks.
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LinkStatus, LinkStatusResponse, PhoneStatusResponse } from '@tracker/shared/api/telegram';
import { upsertAccount } from './account.service.ts';
import { lockTelegramId, telegramIdOfUser, userOfTelegramId } from './account.repository.ts';
import { confirmPhoneOfTelegramUser, insertLinkToken, linkTokenOfUser, lockLinkToken, phoneOfUser, settleLinkToken } from './link.repository.ts';
import type { TelegramProfile } from './verify.ts';
import { hashSecretToken } from '../../secret-token.ts';

export const LINK_TOKEN_TTL_SEC = 15 * 60;
export const LINK_PAYLOAD_PREFIX = 'link_';


export async function createLinkToken(em: EntityManager, userId: number): Promise<{ token: string; expiresAt: Date }> {
  // 32 random bytes in base64url: 43 characters, inside Telegram's 64-character start payload.
  const token = randomBytes(32).toString('base64url');
  const expiresAt = await insertLinkToken(em, hashSecretToken(token), userId, LINK_TOKEN_TTL_SEC);
  return { token, expiresAt: new Date(expiresAt) };
}

export async function linkStatus(em: EntityManager, userId: number, token: string): Promise<LinkStatusResponse | null> {
  const row = await linkTokenOfUser(em, hashSecretToken(token), userId);
  if (!row) return null;
  return { status: row.status === 'pending' && row.expired ? 'expired' : row.status, username: row.username };
}

/** The bot received `/start link_<token>` from `profile`: link that Telegram account to the token's user. */
export async function confirmLink(em: EntityManager, token: string, profile: TelegramProfile): Promise<LinkStatus> {
  return em.transactional(async (tem) => {
    const row = await lockLinkToken(tem, hashSecretToken(token));
    if (!row || row.status !== 'pending' || row.expired) return 'expired';
    await lockTelegramId(tem, profile.id);
    const byTelegram = await userOfTelegramId(tem, profile.id);
    const byUser = await telegramIdOfUser(tem, row.user_id);
    const conflict = (byTelegram !== null && byTelegram !== row.user_id) || (byUser !== null && Number(byUser) !== profile.id);
    const status: LinkStatus = conflict ? 'conflict' : 'confirmed';
    if (!conflict) await upsertAccount(tem, row.user_id, profile);
    await settleLinkToken(tem, hashSecretToken(token), { status, telegramId: profile.id, username: profile.username });
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
  return (await confirmPhoneOfTelegramUser(em, telegramId, normalised)) ? 'confirmed' : 'not_linked';
}

export async function phoneStatus(em: EntityManager, userId: number): Promise<PhoneStatusResponse> {
  const row = await phoneOfUser(em, userId);
  return { phone: row?.phone ?? null, phone_confirmed_at: row?.phone_confirmed_at ? new Date(row.phone_confirmed_at).toISOString() : null };
}
