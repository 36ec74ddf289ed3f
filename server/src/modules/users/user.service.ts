import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { RegisterRequest } from '@tracker/shared/api/auth';
import type { UserRef } from '@tracker/shared/api/common';
import { conflict } from '@tracker/shared/domain-errors';
import { grantAdminFromEmail } from './admin-grants.ts';
import type { User } from './user.entity.ts';
import { dayOfRow } from './user-day.repository.ts';
import { peopleByPrefix } from './user-lookup.repository.ts';
import { insertUser, reloadUser, signedInUserRow, userByEmailWithPassword, userById, userFromRow } from './user.repository.ts';

// Algorithm is an ambient const enum; 2 is Argon2id.
const ARGON = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };
// Verified against for unknown e-mails, so both failures take the same time.
const DUMMY_HASH = hash('timing-equaliser', ARGON);

export const hashPassword = (password: string) => hash(password, ARGON);

/**
 * The people picker: users by a name's word or a whole address (user-lookup.repository.ts says
 * why never an address by prefix), as names only.
 */
export function pickPeople(em: EntityManager, q: string, limit: number): Promise<UserRef[]> {
  return peopleByPrefix(em, q, limit);
}

export interface UserServiceOptions {
  adminEmails: readonly string[];
}

export function createUserService(options: UserServiceOptions) {
  return {
    async findById(em: EntityManager, id: number) {
      return userById(em, id);
    },

    /**
     * The signed-in user of a request: the row read together with the session (http/session.ts),
     * or by id when there is none; the entity, made on demand, is this request's own.
     */
    async signedIn(em: EntityManager, id: number, sessionRow?: Record<string, unknown>) {
      let row = sessionRow?.id === id ? sessionRow : undefined;
      if (!row) {
        const found = await signedInUserRow(em, id);
        if (!found) return null;
        const { password_hash: _secret, ...rest } = found;
        row = rest;
      }
      const user = row;
      // Every statement that reads a signed-in row reads the profile's zone with it (null: none set).
      const day = 'time_zone' in user ? dayOfRow(user) : undefined;
      return { viewer: { id: user.id as number, roles: user.roles as string[], ...(day && { day }) }, blocked: user.blocked_at != null, entity: () => userFromRow(em, { ...user }) };
    },

    async findByEmail(em: EntityManager, email: string) {
      return userByEmailWithPassword(em, email.toLowerCase());
    },

    async register(em: EntityManager, input: RegisterRequest): Promise<User> {
      const data = { name: input.name, email: input.email, passwordHash: await hashPassword(input.password), roles: [], locale: input.locale ?? 'ru' };
      // No ADMIN_EMAILS grant here: the address is not confirmed yet (confirming grants it).
      try {
        return await insertUser(em, data);
      } catch (err) {
        if (err instanceof UniqueConstraintViolationException) {
          throw conflict('email_taken', 'email');
        }
        throw err;
      }
    },

    /** Same answer for an unknown e-mail and a wrong password. */
    async verifyCredentials(em: EntityManager, email: string, password: string): Promise<User | null> {
      const user = await this.findByEmail(em, email);
      const stored = user?.passwordHash ?? (await DUMMY_HASH);
      const ok = await verify(stored, password).catch(() => false);
      if (!user || !user.passwordHash || !ok) return null;
      // An address confirmed before it was listed in ADMIN_EMAILS gets its grant at the next sign-in.
      if (await grantAdminFromEmail(em, user.id, options.adminEmails)) await reloadUser(em, user);
      return user;
    },

    /** Grants admin for the user's confirmed ADMIN_EMAILS address, once (sign-in, confirmation). */
    grantAdminFromEmail(em: EntityManager, userId: number) {
      return grantAdminFromEmail(em, userId, options.adminEmails);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
