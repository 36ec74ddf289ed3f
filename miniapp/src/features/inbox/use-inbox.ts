// The inbox page's list: pages by cursor, new items merged in on a live count rise, and optimistic
// changes — the row changes at once and comes back, with a toast, when the server refuses.
import type { InboxFilter, InboxItem, UpdateInboxItem } from '@tracker/shared/api/inbox';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveEvents } from '../../lib/live.ts';
import { log } from '../../lib/logger.ts';
import { toast } from '../../lib/toasts.ts';
import { inboxApi } from './api.ts';
import { inboxUnread, setInboxUnread } from './unread.ts';
import { errorText } from '../../lib/error-text.ts';

const LIVE_COALESCE_MS = 300;

/** Whether an item counts as unread (as the server counts: not archived, not snoozed into the future). */
const counted = (i: InboxItem, now: Date) => i.readAt === null && i.archivedAt === null && !(i.snoozedUntil && new Date(i.snoozedUntil) > now);

/** Whether the item still belongs in the list shown after `change`. */
function stays(filter: InboxFilter, change: UpdateInboxItem): boolean {
  if (change.snoozedUntil) return false;
  if (change.archived !== undefined) return change.archived === (filter === 'archived');
  return true;
}

export function useInbox(filter: InboxFilter) {
  const { t } = useTranslation();
  const [items, setItems] = useState<InboxItem[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const latest = useRef(filter);
  latest.current = filter;
  // The count last seen, to tell a new item (a rise) from a change of one's own.
  const before = useRef(inboxUnread.count);

  const loadFirst = useCallback(async () => {
    try {
      const page = await inboxApi.page(filter, null);
      if (latest.current !== filter) return;
      setItems(page.items);
      setCursor(page.nextCursor);
      setInboxUnread(page.unread);
      before.current = page.unread;
      setFailed(false);
    } catch (err) {
      log.warn('inbox: load failed', err);
      setFailed(true);
    }
  }, [filter]);

  useEffect(() => {
    setItems(null);
    setCursor(null);
    void loadFirst();
  }, [loadFirst]);

  const loadMore = useCallback(async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await inboxApi.page(filter, cursor);
      if (latest.current !== filter) return;
      setItems((list) => [...(list ?? []), ...page.items.filter((i) => !list?.some((x) => x.id === i.id))]);
      setCursor(page.nextCursor);
    } catch (err) {
      toast({ title: errorText(err, t, { fallback: 'inbox.loadFailed' }), color: 'error' });
    } finally {
      setLoadingMore(false);
    }
  }, [cursor, filter, t]);

  // A new item arrived (the count rose): the newest page's items not shown yet go on top.
  const burst = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(burst.current), []);
  useLiveEvents(
    (e) => e.type === 'inbox.changed' && filter !== 'archived',
    (e) => {
      const rose = (e.unread ?? 0) > before.current;
      before.current = e.unread ?? 0;
      if (!rose) return;
      clearTimeout(burst.current);
      burst.current = setTimeout(async () => {
        try {
          const page = await inboxApi.page(filter, null);
          if (latest.current !== filter) return;
          setItems((list) => {
            const top = list?.[0]?.id ?? 0;
            return [...page.items.filter((i) => i.id > top), ...(list ?? [])];
          });
        } catch (err) {
          log.warn('inbox: live refresh failed', err);
        }
      }, LIVE_COALESCE_MS);
    },
  );

  /** Applies `change` to one item at once; the server's answer (or a rollback) follows. */
  const change = useCallback(
    async (item: InboxItem, change: UpdateInboxItem) => {
      const at = new Date();
      const now = at.toISOString();
      const next: InboxItem = {
        ...item,
        ...(change.read !== undefined ? { readAt: change.read ? (item.readAt ?? now) : null } : {}),
        ...(change.archived !== undefined ? { archivedAt: change.archived ? now : null } : {}),
        ...(change.snoozedUntil !== undefined ? { snoozedUntil: change.snoozedUntil } : {}),
      };
      const keep = stays(filter, change);
      const snapshot = { list: items, unread: inboxUnread.count };
      const delta = (counted(next, at) ? 1 : 0) - (counted(item, at) ? 1 : 0);
      setItems((list) => (list ? (keep ? list.map((i) => (i.id === item.id ? next : i)) : list.filter((i) => i.id !== item.id)) : list));
      setInboxUnread(inboxUnread.count + delta);
      before.current = inboxUnread.count;
      try {
        const res = await inboxApi.update(item.id, change);
        if (keep) setItems((list) => list?.map((i) => (i.id === item.id ? res.item : i)) ?? list);
        setInboxUnread(res.unread);
        before.current = res.unread;
      } catch (err) {
        setItems(snapshot.list);
        setInboxUnread(snapshot.unread);
        before.current = snapshot.unread;
        toast({ title: errorText(err, t, { fallback: 'inbox.failed' }), color: 'error' });
      }
    },
    [filter, items, t],
  );

  const readAll = useCallback(async () => {
    const snapshot = { list: items, unread: inboxUnread.count };
    const now = new Date().toISOString();
    setItems((list) => list?.map((i) => (i.readAt ? i : { ...i, readAt: now })) ?? list);
    setInboxUnread(0);
    before.current = 0;
    try {
      const unread = await inboxApi.readAll();
      setInboxUnread(unread);
      before.current = unread;
    } catch (err) {
      setItems(snapshot.list);
      setInboxUnread(snapshot.unread);
      before.current = snapshot.unread;
      toast({ title: errorText(err, t, { fallback: 'inbox.failed' }), color: 'error' });
    }
  }, [items, t]);

  return { items, failed, more: cursor !== null, loadingMore, loadMore, change, readAll, retry: loadFirst };
}
