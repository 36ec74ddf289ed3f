import type { EntityManager } from '@mikro-orm/postgresql';
import { redirectQuerySchema } from '@tracker/shared/api/navigation';
import { requireUser } from '../../http/access.ts';
import type { LoadBoot } from '../../web/spa.ts';
import { toUserDto } from '../users/user.mapper.ts';
import type { NavigationService } from './navigation.service.ts';

/**
 * A page's boot data (issue 14): what `GET /api/user/me` and `GET /api/navigation/redirect?path=`
 * would answer for it, so the web app asks neither before its first render.
 */
export function pageBoot(deps: { navigation: NavigationService; em: () => EntityManager }): LoadBoot {
  return async (ctx) => ({
    user: ctx.state.viewer ? toUserDto(requireUser(ctx)) : null,
    // A path the redirect API would refuse (too long, NUL) has no rule.
    redirect: redirectQuerySchema.safeParse({ path: ctx.path }).success ? await deps.navigation.resolve(deps.em(), ctx.path) : { to: null },
  });
}
