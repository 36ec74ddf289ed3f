// E-mail confirmation and phone confirmation by SMS code.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EMAIL_CONFIRM_TTL_SEC, EMAIL_RESTORE_TTL_SEC, SMS_CODE_LENGTH, SMS_CODE_MAX_ATTEMPTS, SMS_CODE_TTL_SEC } from '@tracker/shared/limits';
import { isLocale } from '@tracker/shared/locales';
import { conflict } from '@tracker/shared/domain-errors';
import type { Logger } from '../../logger.ts';
import { translate } from '../mail/i18n.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { SmsProvider } from '../sms/sms.ts';
import { grantAdminFromEmail, dropAdminFromEmail } from './admin-grants.ts';
import { resetReminder } from './reminders.ts';
import { revokeAllApiTokens } from '../api-tokens/api-tokens.service.ts';
import { endSessions } from './sessions.ts';
import { deletePhoneCodes, putEmailBack } from './profile.repository.ts';
import { confirmPendingEmail, countPhoneCodeAttempt, lockPhoneCode, lockUserAddresses, markEmailConfirmed, markPhoneConfirmed, storePhoneCode } from './account.repository.ts';
import { burnTokens, consumeToken, issueToken } from './tokens.ts';
import type { User } from './user.entity.ts';

// Kysely passes pg's unique violation (23505) on raw; MikroORM's statements raise its exception.
const isUniqueViolation = (err: unknown) => err instanceof UniqueConstraintViolationException || (err as { code?: string }).code === '23505';

export type VerifyResult = 'ok' | 'invalid';
export type ConfirmResult = { status: 'ok'; email: string } | { status: 'invalid' | 'expired' | 'used' };

export function createAccountService(deps: { mail: MailService; sms: SmsProvider; secret: string; logger: Logger; adminEmails: readonly string[] }) {
  // Six digits are guessable offline from a plain hash: key it with the server's secret.
  const codeHash = (userId: number, phone: string, code: string) => createHmac('sha256', deps.secret).update(`${userId}:${phone}:${code}`).digest('hex');

  return {
    /** Mails a confirmation link for the address waiting to be confirmed: the pending one, else the current one. */
    async sendEmailConfirmation(em: EntityManager, user: Pick<User, 'id' | 'email' | 'pendingEmail' | 'name' | 'locale'>) {
      const email = user.pendingEmail ?? user.email;
      if (!email) return;
      const token = await issueToken(em, user.id, 'email_confirm', EMAIL_CONFIRM_TTL_SEC, email);
      await deps.mail.queueTemplate(em, 'confirmEmail', { email, name: user.name, locale: user.locale }, `/user/confirm-email?token=${encodeURIComponent(token)}`);
    },

    /** Registration and e-mail change: mail the link and restart the reminder's waiting period. */
    async emailChanged(em: EntityManager, user: Pick<User, 'id' | 'email' | 'pendingEmail' | 'name' | 'locale'>) {
      await resetReminder(em, user.id, 'email');
      await this.sendEmailConfirmation(em, user);
    },

    /**
     * Confirms the address the token was issued for: the pending address becomes the account's
     * (roles its old address gave go), or the current one is marked confirmed. ADMIN_EMAILS grants
     * admin here, once. Another account that took the address first wins (409 email_taken).
     */
    async confirmEmail(em: EntityManager, token: string): Promise<ConfirmResult> {
      return em.transactional(async (tx) => {
        const t = tx as EntityManager;
        const check = await consumeToken(t, token, 'email_confirm');
        if (check.status !== 'ok') return check;
        const user = await lockUserAddresses(t, check.userId);
        const target = check.email?.toLowerCase();
        if (!target) return { status: 'invalid' as const };
        let email: string;
        if (user?.pending_email?.toLowerCase() === target) {
          if (user.email) await dropAdminFromEmail(t, check.userId, user.email);
          try {
            await confirmPendingEmail(t, check.userId);
          } catch (err) {
            if (isUniqueViolation(err)) throw conflict('email_taken', 'email');
            throw err;
          }
          email = user.pending_email;
          // The old address hears of it, with a link that puts it back (the account may have been taken).
          if (user.email) await this.mailEmailChanged(t, check.userId, { email: user.email, name: user.name, locale: user.locale }, email);
        } else if (user?.email?.toLowerCase() === target) {
          await markEmailConfirmed(t, check.userId);
          email = user.email;
        } else {
          // The user changed the address since: this link no longer confirms anything.
          return { status: 'invalid' as const };
        }
        await grantAdminFromEmail(t, check.userId, deps.adminEmails);
        return { status: 'ok' as const, email };
      });
    },

    /** Mails `old` that the account's address is now `newEmail`, with a link that restores `old`. */
    async mailEmailChanged(em: EntityManager, userId: number, old: { email: string; name: string; locale: string }, newEmail: string) {
      const token = await issueToken(em, userId, 'email_restore', EMAIL_RESTORE_TTL_SEC, old.email);
      await deps.mail.queueTemplate(em, 'emailChanged', old, `/user/restore-email?token=${encodeURIComponent(token)}`, { newEmail });
    },

    /**
     * The link mailed to an old address: that address becomes the account's again (confirmed: its
     * owner just opened the mail), and whoever changed it is shut out — every session and API token
     * ends and every link mailed before stops working. The new password, if one was set, stays: the
     * owner can reset it from the address they have back.
     */
    async restoreEmail(em: EntityManager, token: string): Promise<ConfirmResult> {
      return em.transactional(async (tx) => {
        const t = tx as EntityManager;
        const check = await consumeToken(t, token, 'email_restore');
        if (check.status !== 'ok') return check;
        if (!check.email) return { status: 'invalid' as const };
        const current = await putEmailBack(t, check.userId, check.email);
        if (current && current.toLowerCase() !== check.email.toLowerCase()) await dropAdminFromEmail(t, check.userId, current);
        await grantAdminFromEmail(t, check.userId, deps.adminEmails);
        await endSessions(t, check.userId);
        await revokeAllApiTokens(t, check.userId);
        await burnTokens(t, check.userId);
        return { status: 'ok' as const, email: check.email };
      });
    },

    /** Stores a fresh code (replacing any earlier one) and sends it; false (and no code kept) if sending failed. */
    async sendPhoneCode(em: EntityManager, user: Pick<User, 'id' | 'phone' | 'locale'>): Promise<boolean> {
      const phone = user.phone!;
      const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
      await storePhoneCode(em, { userId: user.id, phone, codeHash: codeHash(user.id, phone, code), ttlSec: SMS_CODE_TTL_SEC });
      const text = translate(isLocale(user.locale) ? user.locale : 'ru', 'account.sms.code', { code });
      try {
        await deps.sms.send(phone, text, { code });
      } catch (err) {
        deps.logger.warn({ err, userId: user.id, provider: deps.sms.name }, 'SMS not sent');
        await deletePhoneCodes(em, user.id);
        return false;
      }
      return true;
    },

    /**
     * Checks a code for the user's current phone. A wrong code counts an attempt; the fifth wrong
     * one burns the code. Success confirms the phone and uses the code up.
     */
    async verifyPhoneCode(em: EntityManager, user: Pick<User, 'id' | 'phone'>, code: string): Promise<VerifyResult> {
      const phone = user.phone;
      if (!phone) return 'invalid';
      const expected = codeHash(user.id, phone, code);
      return em.transactional(async (tx) => {
        const row = await lockPhoneCode(tx, user.id, phone);
        if (!row) return 'invalid';
        if (!timingSafeEqual(Buffer.from(row.code_hash), Buffer.from(expected))) {
          if (row.attempts + 1 >= SMS_CODE_MAX_ATTEMPTS) await deletePhoneCodes(tx, user.id);
          else await countPhoneCodeAttempt(tx, user.id);
          return 'invalid';
        }
        await deletePhoneCodes(tx, user.id);
        await markPhoneConfirmed(tx, user.id, phone);
        return 'ok';
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
