import { defineEntity, p } from '@mikro-orm/core';
import { profileZoneSql } from '../../db/local-date.ts';

const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    // Stored lower-cased; a unique index on lower(email) makes it case-insensitive.
    email: p.string().length(254).nullable(),
    emailConfirmedAt: p.datetime().nullable(),
    // A new address waiting for its link: `email` stays the account's address until it is confirmed.
    pendingEmail: p.string().length(254).nullable(),
    phone: p.string().length(20).nullable(),
    phoneConfirmedAt: p.datetime().nullable(),
    passwordHash: p.string().nullable().lazy(),
    roles: p.array().default([]),
    locale: p.string().length(5).default('ru'),
    avatarKey: p.string().length(32).nullable(),
    // Set by an admin: the user's sessions are ended and sign-in is refused until unblocked.
    blockedAt: p.datetime().nullable(),
    // Kept by a trigger from telegram_accounts (one Telegram id per user); never written from here.
    telegramId: p.bigint('number').nullable(),
    // The profile's time zone (notification settings), null while none is chosen: the web app then
    // counts days in the browser's. Read with the user; statements that read `users` rows by hand
    // select it as `time_zone` beside `u.*` (session, token, signedIn).
    timeZone: p.string().nullable().formula((_cols, table) => profileZoneSql(`${table.alias}.id`)),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
export { UserSchema };

// Routes get this entity from requireUser() and friends (http/access.ts keeps only id and roles).
declare module '../../http/access.ts' {
  interface RequestUser extends User {}
}
