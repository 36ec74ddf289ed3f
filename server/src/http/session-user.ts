// Webviews of one device may share the cookie jar between Telegram accounts (issue 25): when another
// account signs in, a page still open for the first one would act as the second. The web app names
// the user it believes is signed in (`X-Session-User`; in the query of the event streams, which
// cannot send headers); a session of anyone else is refused, so nothing queued by one user is sent,
// and nothing of the other is streamed, under the wrong name.
import { DomainError } from '@tracker/shared/domain-errors';
import type { Context, Next } from 'koa';
import { EVENT_STREAMS } from './session.ts';

export const SESSION_USER_HEADER = 'x-session-user';
export const SESSION_USER_QUERY = 'session_user';

export const sessionChanged = () => new DomainError('unauthorized', { code: 'session_changed' });

/** Runs after the signed-in user is loaded. Sign-in and sign-out change who it is: not checked. */
export async function sessionUserCheck(ctx: Context, next: Next) {
  const named = ctx.get(SESSION_USER_HEADER) || (ctx.method === 'GET' && EVENT_STREAMS.has(ctx.path) ? String(ctx.query[SESSION_USER_QUERY] ?? '') : '');
  if (named && !ctx.path.startsWith('/api/auth/')) {
    const viewer = ctx.state.viewer as { id: number } | undefined;
    if (viewer && String(viewer.id) !== named) throw sessionChanged();
  }
  return next();
}
