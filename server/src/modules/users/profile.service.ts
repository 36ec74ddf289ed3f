// The rules of a profile change and of another user's public page; SQL is in profile.repository.ts.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { profileUpdateRequestSchema } from '@tracker/shared/api/account';
import { conflict, notFound } from '@tracker/shared/domain-errors';
import type { AccountService } from './account.service.ts';
import { commonProjects, deletePhoneCodes, emailTakenByOther, publicUser } from './profile.repository.ts';
import { resetReminder } from './reminders.ts';
import { userByIdOrFail } from './user.repository.ts';
import type { User } from './user.entity.ts';
import { avatarUrl } from './user.mapper.ts';

type ProfileUpdate = z.output<typeof profileUpdateRequestSchema>;
const emailTaken = () => conflict('email_taken', 'email');
// Kysely passes pg's unique violation (23505) on raw; MikroORM's flush raises its exception.
const isUniqueViolation = (err: unknown) => err instanceof UniqueConstraintViolationException || (err as { code?: string }).code === '23505';

/**
 * Applies a profile change to `user`. A new address waits in pending_email: the account keeps its
 * old one (to sign in with, and as the source of its roles) until the link mailed to the new one is
 * opened. Giving the current address back cancels the change. A new phone number is unconfirmed.
 */
export async function updateProfile(em: EntityManager, accounts: AccountService, user: User, input: ProfileUpdate): Promise<void> {
  const newEmail = input.email !== undefined && input.email !== user.email && input.email !== user.pendingEmail ? input.email : null;
  const cancelPending = input.email !== undefined && input.email === user.email && user.pendingEmail != null;
  const phoneChanged = input.phone !== undefined && (input.phone || null) !== (user.phone ?? null);
  if (newEmail && (await emailTakenByOther(em, newEmail, user.id))) throw emailTaken();
  try {
    await em.transactional(async (tx) => {
      const t = tx as EntityManager;
      const row = await userByIdOrFail(t, user.id);
      if (input.name !== undefined) row.name = input.name;
      if (input.locale !== undefined) row.locale = input.locale;
      if (newEmail || cancelPending) row.pendingEmail = newEmail;
      if (phoneChanged) {
        row.phone = input.phone || null;
        row.phoneConfirmedAt = null;
        await deletePhoneCodes(t, user.id);
      }
      await t.flush();
      if (newEmail) await accounts.emailChanged(t, row);
      if (phoneChanged && row.phone) await resetReminder(t, user.id, 'phone');
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/** Another user's public page as `viewerId` sees it: name, avatar, and the projects they share. */
export async function publicProfile(em: EntityManager, viewerId: number, id: number) {
  const [user, projects] = await Promise.all([publicUser(em, id), commonProjects(em, viewerId, id)]);
  if (!user) throw notFound('user');
  return {
    user: { id: user.id, name: user.name, avatar_url: avatarUrl(user.avatar_key), created_at: new Date(user.created_at).toISOString() },
    commonProjects: projects,
  };
}
