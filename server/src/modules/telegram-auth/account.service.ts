// Find-or-create by Telegram id, linking to a signed-in user, and the replay record — all in one
// transaction, so a refused or failed sign-in leaves the database as it was.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TelegramAccount, TelegramAuthError } from '@tracker/shared/api/telegram';
import { NAME_MAX_LENGTH } from '@tracker/shared/limits';
import { localeOfLanguageCode } from '@tracker/shared/locales';
import { conflict } from '@tracker/shared/domain-errors';
import { grantAdminFromEmail } from '../users/admin-grants.ts';
import type { User } from '../users/user.entity.ts';
import {
  deleteTelegramAccount,
  forgetUsedSignIns,
  insertTelegramUser,
  linkedUserOfTelegramId,
  lockOtherSignInWay,
  lockTelegramId,
  recordUsedSignIn,
  signedInAccount,
  telegramAccountCount,
  telegramAccountOfUser,
  upsertTelegramAccount,
  userOfTelegramId,
} from './account.repository.ts';
import type { TelegramProfile } from './verify.ts';

export type SignInOutcome = { ok: true; userId: number; created: boolean } | { ok: false; error: TelegramAuthError };


function displayName(p: TelegramProfile): string {
  const full = [p.first_name, p.last_name].filter(Boolean).join(' ').trim();
  return (full || (p.username ? `@${p.username}` : `Telegram ${p.id}`)).slice(0, NAME_MAX_LENGTH);
}

const clip = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

/** Inserts or refreshes the account row of `userId`; the caller holds the Telegram id's lock. */
export async function upsertAccount(tem: EntityManager, userId: number, p: TelegramProfile) {
  await upsertTelegramAccount(tem, {
    telegramId: p.id,
    userId,
    username: clip(p.username, 64),
    firstName: p.first_name.slice(0, 128),
    lastName: clip(p.last_name, 128),
    languageCode: clip(p.language_code, 16),
    isPremium: p.is_premium,
    photoUrl: clip(p.photo_url, 2000),
  });
}

/**
 * `launch`: the mini app's own sign-in, where the Telegram account that opened the app is the
 * identity (issue 25). A session of someone else (webviews share cookies between the accounts of one
 * device) is then replaced by the launching account's own user, never linked or refused. Elsewhere
 * (the Login Widget) a signed-in user links their Telegram account, and one that belongs to someone
 * else is refused.
 */
export async function signInWithTelegram(
  em: EntityManager,
  input: { profile: TelegramProfile; replayKey: string; maxAgeSec: number; currentUserId: number | null; launch?: boolean },
): Promise<SignInOutcome> {
  const { profile } = input;
  const current = input.currentUserId;
  return em.transactional(async (tem) => {
    await forgetUsedSignIns(tem, input.maxAgeSec + 60);
    if (!(await recordUsedSignIn(tem, input.replayKey))) return { ok: false, error: 'replayed' } as const;
    await lockTelegramId(tem, profile.id);
    const linkedUserId = await userOfTelegramId(tem, profile.id);
    let userId: number | null;
    let created = false;
    if (linkedUserId !== null) {
      // A signed-in user whose Telegram account belongs to someone else: never merged, never switched silently.
      if (current !== null && linkedUserId !== current && !input.launch) throw new LinkedElsewhere();
      userId = linkedUserId;
    } else {
      let ownsAnother = false;
      if (current !== null) ownsAnother = (await telegramAccountCount(tem, current)) > 0;
      if (ownsAnother && !input.launch) throw new LinkedElsewhere();
      userId = ownsAnother ? null : current;
    }
    if (userId === null) {
      userId = await createTelegramUser(tem, profile);
      created = true;
    }
    await upsertAccount(tem, userId, profile);
    return { ok: true, userId, created } as const;
  }).catch((err: unknown) => {
    if (err instanceof LinkedElsewhere) return { ok: false, error: 'linked_elsewhere' } as const;
    throw err;
  });
}

class LinkedElsewhere extends Error {}

async function createTelegramUser(tem: EntityManager, profile: TelegramProfile): Promise<number> {
  return insertTelegramUser(tem, displayName(profile), localeOfLanguageCode(profile.language_code));
}

/**
 * The account a Telegram sign-in ends in, read afresh (the sign-in changed its row). As at the
 * password sign-in, a confirmed ADMIN_EMAILS address gets its (one) grant first.
 */
export async function signedInUser(em: EntityManager, userId: number, adminEmails: readonly string[]): Promise<User> {
  await grantAdminFromEmail(em, userId, adminEmails);
  return signedInAccount(em, userId);
}

/**
 * The account of a Telegram user who wrote to the bot (Telegram vouches for the sender of an update):
 * the linked one, else a new one made from the profile, as the mini app's first launch makes it.
 * Null for a blocked account.
 */
export async function accountOfBotUser(em: EntityManager, profile: TelegramProfile): Promise<{ userId: number; created: boolean } | null> {
  return em.transactional(async (tem) => {
    await lockTelegramId(tem, profile.id);
    const linked = await linkedUserOfTelegramId(tem, profile.id);
    if (linked?.blocked) return null;
    const userId = linked?.user_id ?? (await createTelegramUser(tem, profile));
    await upsertAccount(tem, userId, profile);
    return { userId, created: !linked };
  });
}

/**
 * Unlinks the user's Telegram account (the profile's "Disconnect"): sign-in through it, the bot's
 * notifications and its commands stop being this user's. Refused while it is the only way in.
 */
export async function disconnectAccount(em: EntityManager, userId: number): Promise<void> {
  await em.transactional(async (tem) => {
    if (!(await lockOtherSignInWay(tem, userId))) throw conflict('telegram_only_sign_in');
    await deleteTelegramAccount(tem, userId);
  });
}

export async function findAccount(em: EntityManager, userId: number): Promise<TelegramAccount | null> {
  const row = await telegramAccountOfUser(em, userId);
  return row ? { ...row, telegram_id: Number(row.telegram_id) } : null;
}
