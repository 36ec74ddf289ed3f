// The signed-in user's profile (name, e-mail, phone, language, avatar) and other users' public pages.
import Router from '@koa/router';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { profileUpdateRequestSchema } from '@tracker/shared/api/account';
import { idSchema } from '@tracker/shared/api/common';
import { AVATAR_MAX_BYTES } from '@tracker/shared/limits';
import { requireUser } from '../../http/access.ts';
import { HttpError } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { accountError } from './account-errors.ts';
import type { AccountService } from './account.service.ts';
import { ImageTooLargeError, NotAnImageError, readLimited, type AvatarStore } from './avatar.ts';
import { resetReminder } from './reminders.ts';
import { User } from './user.entity.ts';
import { avatarUrl, toUserDto } from './user.mapper.ts';

export function profileRoutes(deps: { em: () => EntityManager; accounts: AccountService; avatars: AvatarStore }) {
  const router = new Router();

  router.patch('/api/user/profile', async (ctx) => {
    const user = requireUser(ctx);
    const input = parse(profileUpdateRequestSchema, ctx.request.body);
    const em = deps.em();
    // A new address waits in pending_email: the account keeps its old one (to sign in with, and as
    // the source of its roles) until the link mailed to the new one is opened. Giving the current
    // address back cancels the change.
    const newEmail = input.email !== undefined && input.email !== user.email && input.email !== user.pendingEmail ? input.email : null;
    const cancelPending = input.email !== undefined && input.email === user.email && user.pendingEmail != null;
    const phoneChanged = input.phone !== undefined && (input.phone || null) !== (user.phone ?? null);
    if (newEmail) {
      const taken = await em.execute('select 1 from users where lower(email) = ? and id <> ?', [newEmail, user.id]);
      if (taken.length > 0) throw new HttpError(409, 'This e-mail is already registered', 'email_taken', { field: 'email' });
    }
    try {
      await em.transactional(async (tx) => {
        const t = tx as EntityManager;
        const row = await t.findOneOrFail(User, { id: user.id });
        if (input.name !== undefined) row.name = input.name;
        if (input.locale !== undefined) row.locale = input.locale;
        if (newEmail || cancelPending) row.pendingEmail = newEmail;
        if (phoneChanged) {
          row.phone = input.phone || null;
          row.phoneConfirmedAt = null;
          await t.execute('delete from phone_codes where user_id = ?', [user.id]);
        }
        await t.flush();
        if (newEmail) await deps.accounts.emailChanged(t, row);
        if (phoneChanged && row.phone) await resetReminder(t, user.id, 'phone');
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) {
        throw new HttpError(409, 'This e-mail is already registered', 'email_taken', { field: 'email' });
      }
      throw err;
    }
    await em.refresh(user);
    ctx.body = { user: toUserDto(user) };
  });

  // Raw body (the image itself, any image type); the content is checked by decoding it.
  router.post('/api/user/avatar', async (ctx) => {
    const user = requireUser(ctx);
    if (Number(ctx.get('content-length') || 0) > AVATAR_MAX_BYTES) {
      throw accountError(ctx, 413, 'payload_too_large', 'imageTooLarge');
    }
    let key: string;
    try {
      key = await deps.avatars.save(await readLimited(ctx.req));
    } catch (err) {
      if (err instanceof ImageTooLargeError) throw accountError(ctx, 413, 'payload_too_large', 'imageTooLarge');
      if (err instanceof NotAnImageError) throw accountError(ctx, 400, 'invalid_image', 'invalidImage');
      throw err;
    }
    const old = user.avatarKey;
    user.avatarKey = key;
    await deps.em().flush();
    await deps.avatars.remove(old);
    ctx.body = { user: toUserDto(user) };
  });

  router.delete('/api/user/avatar', async (ctx) => {
    const user = requireUser(ctx);
    const old = user.avatarKey;
    user.avatarKey = null;
    await deps.em().flush();
    await deps.avatars.remove(old);
    ctx.body = { user: toUserDto(user) };
  });

  router.get('/api/avatars/:file', async (ctx) => {
    const bytes = await deps.avatars.read(ctx.params.file!);
    if (!bytes) throw accountError(ctx, 404, 'not_found', 'userNotFound');
    ctx.type = 'image/webp';
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.body = bytes;
  });

  router.get('/api/users/:id', async (ctx) => {
    const me = requireUser(ctx);
    const id = parse(idSchema, ctx.params.id);
    const em = deps.em();
    const [users, projects] = await Promise.all([
      em.execute<{ id: number; name: string; avatar_key: string | null; created_at: Date }[]>(
        'select id, name, avatar_key, created_at from users where id = ?',
        [id],
      ),
      em.execute<{ id: number; key: string; name: string; color: string }[]>(
        `select p.id, p.key, p.name, p.color from projects p
           join project_members a on a.project_id = p.id and a.user_id = ?
           join project_members b on b.project_id = p.id and b.user_id = ?
          where p.archived_at is null order by lower(p.name), p.id`,
        [me.id, id],
      ),
    ]);
    const user = users[0];
    if (!user) throw accountError(ctx, 404, 'not_found', 'userNotFound');
    ctx.body = {
      user: { id: user.id, name: user.name, avatar_url: avatarUrl(user.avatar_key), created_at: new Date(user.created_at).toISOString() },
      commonProjects: projects,
    };
  });

  return router;
}
