// The signed-in user's unread inbox count, for the sidebar and the app badge: asked once a user
// is signed in, then kept by the live `inbox.changed` event (sent to that user alone) and by the
// inbox page's own changes, which set the cached answer. A snoozed item wakes without an event, so
// the count is asked again when the tab becomes visible.
import { useEffect } from 'react';
import { auth, useMe } from '../../lib/auth.ts';
import { subscribeLive } from '../../lib/live.ts';
import { log } from '../../lib/logger.ts';
import { readQuery, setQueryData, useQuery } from '../../lib/query.ts';
import { inboxApi } from './api.ts';

const keyFor = (userId: number) => ['inbox', 'unread', userId] as const;

/** The PWA's icon badge (Badging API, where the platform has one: not in Telegram, not in Firefox). */
function showBadge(count: number) {
  if (typeof navigator === 'undefined') return;
  const nav = navigator as Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
  void done?.catch(() => undefined);
}

/** The count as last known (0 with no one signed in). */
export function inboxUnreadCount(): number {
  const userId = auth.state.user?.id;
  return userId === undefined ? 0 : (readQuery<number>(keyFor(userId)).data ?? 0);
}

export function setInboxUnread(count: number) {
  const userId = auth.state.user?.id;
  if (userId === undefined) return;
  const next = Math.max(0, count);
  if (next === inboxUnreadCount()) return;
  setQueryData<number>(keyFor(userId), () => next);
  showBadge(next);
}

async function loadUnread(): Promise<number> {
  try {
    const count = await inboxApi.unread();
    showBadge(count);
    return count;
  } catch (err) {
    log.warn('inbox: unread count failed', err);
    throw err;
  }
}

/** The unread count, live while any component shows it. */
export function useInboxUnread(): number {
  const userId = useMe()?.id ?? null;
  // Events keep it from here on: asked once per user, and when the tab shows again.
  const { data, refetch } = useQuery(userId === null ? null : keyFor(userId), loadUnread, { freshMs: Infinity });
  useEffect(() => {
    if (userId === null) {
      showBadge(0);
      return;
    }
    const stop = subscribeLive((e) => {
      if (e.type === 'inbox.changed' && e.userId === userId && typeof e.unread === 'number') setInboxUnread(e.unread);
    });
    const onVisible = () => document.visibilityState === 'visible' && void refetch();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId, refetch]);
  return data ?? 0;
}
