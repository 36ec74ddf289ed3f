// The signed-in user's profile (name, e-mail, phone, language, avatar) and other users' public pages.
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { account } from '@tracker/shared/api/contract/session';
import { AVATAR_MAX_BYTES } from '@tracker/shared/limits';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { accountError } from './account-errors.ts';
import type { AccountService } from './account.service.ts';
import { type AvatarStore } from './avatar.ts';
import { checkDeclaredLength, readAll } from '../../storage/index.ts';
import { publicProfile, updateProfile } from './profile.service.ts';
import { toUserDto } from './user.mapper.ts';

export function profileRoutes(deps: { em: () => EntityManager; accounts: AccountService; avatars: AvatarStore }) {
  const router = new Router();

  route(router, account.updateProfile, async (ctx, input) => {
    const user = requireUser(ctx);
    const changes = await input.body();
    const em = deps.em();
    await updateProfile(em, deps.accounts, user, changes);
    await em.refresh(user);
    ctx.body = { user: toUserDto(user) };
  });

  // Raw body (the image itself, any image type); the content is checked by decoding it.
  route(router, account.uploadAvatar, async (ctx) => {
    const user = requireUser(ctx);
    checkDeclaredLength(ctx.get('content-length'), AVATAR_MAX_BYTES);
    const key = await deps.avatars.save(await readAll(ctx.req, AVATAR_MAX_BYTES));
    const old = user.avatarKey;
    user.avatarKey = key;
    await deps.em().flush();
    await deps.avatars.remove(old);
    ctx.body = { user: toUserDto(user) };
  });

  route(router, account.removeAvatar, async (ctx) => {
    const user = requireUser(ctx);
    const old = user.avatarKey;
    user.avatarKey = null;
    await deps.em().flush();
    await deps.avatars.remove(old);
    ctx.body = { user: toUserDto(user) };
  });

  route(router, account.avatar, async (ctx) => {
    const bytes = await deps.avatars.read(ctx.params.file!);
    if (!bytes) throw accountError(ctx, 404, 'not_found', 'userNotFound');
    ctx.type = 'image/webp';
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.body = bytes;
  });

  route(router, account.publicUser, async (ctx) => {
    const me = requireUser(ctx);
    ctx.body = await publicProfile(deps.em(), me.id, parse(idSchema, ctx.params.id));
  });

  return router;
}
