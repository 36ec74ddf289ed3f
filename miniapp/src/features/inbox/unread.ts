// The signed-in user's unread inbox count, for the sidebar and the app badge: fetched once a user
// is signed in, then kept by the live `inbox.changed` event (sent to that user alone) and by the
// inbox page's own changes. A snoozed item wakes without an event, so the count is read again when
// the tab becomes visible.
import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { subscribeLive } from '../../lib/live.ts';
import { log } from '../../lib/logger.ts';
import { auth } from '../auth/index.ts';
import { inboxApi } from './api.ts';

export const inboxUnread = proxy({ count: 0 });

/** The PWA's icon badge (Badging API, where the platform has one: not in Telegram, not in Firefox). */
function showBadge(count: number) {
  if (typeof navigator === 'undefined') return;
  const nav = navigator as Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
  void done?.catch(() => undefined);
}

export function setInboxUnread(count: number) {
  const next = Math.max(0, count);
  if (next === inboxUnread.count) return;
  inboxUnread.count = next;
  showBadge(next);
}

let fetchedFor: number | null = null;

async function refresh(userId: number) {
  try {
    const count = await inboxApi.unread();
    if (auth.state.user?.id === userId) setInboxUnread(count);
  } catch (err) {
    log.warn('inbox: unread count failed', err);
  }
}

/** The unread count, live while any component shows it. */
export function useInboxUnread(): number {
  const userId = useSnapshot(auth.state).user?.id ?? null;
  useEffect(() => {
    if (userId === null) {
      fetchedFor = null;
      setInboxUnread(0);
      return;
    }
    if (fetchedFor !== userId) {
      fetchedFor = userId;
      void refresh(userId);
    }
    const stop = subscribeLive((e) => {
      if (e.type === 'inbox.changed' && e.userId === userId && typeof e.unread === 'number') setInboxUnread(e.unread);
    });
    const onVisible = () => document.visibilityState === 'visible' && void refresh(userId);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId]);
  return useSnapshot(inboxUnread).count;
}
