import { can } from '@tracker/shared/permissions';
import type { Route } from '@tracker/shared/routes';

export type AccessDecision = 'pending' | 'allow' | 'login' | 'forbidden';

/** Route access (spec §6): private needs a user, admin also the admin capability. */
export function decideAccess(route: Pick<Route, 'access'>, auth: { hydrated: boolean; user: { roles?: readonly string[] } | null }): AccessDecision {
  if (route.access === 'public') return 'allow';
  if (!auth.hydrated) return 'pending';
  if (!auth.user) return 'login';
  if (route.access === 'admin' && !can(auth.user.roles, 'admin.access')) return 'forbidden';
  return 'allow';
}

export function loginRedirectPath(loginPath: string, current: string): string {
  return `${loginPath}?redirect=${encodeURIComponent(current)}`;
}
