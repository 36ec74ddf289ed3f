// The inbox page's list: the newest page through the one query hook (asked again on a live count
// rise, its new items going on top of the pages loaded), older pages by cursor, and optimistic
// changes — the row changes at once and comes back, with a toast, when the server refuses.
import type { InboxFilter, InboxItem, UpdateInboxItem } from '@tracker/shared/api/inbox';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { log } from '../../lib/logger.ts';
import { readQuery, useQuery } from '../../lib/query.ts';
import { toast } from '../../lib/toasts.ts';
import { inboxApi } from './api.ts';
import { inboxUnreadCount, setInboxUnread } from './unread.ts';
import { errorText } from '../../lib/error-text.ts';

/** What the list shows: every page loaded, and where the next one starts. */
interface Shown {
  items: InboxItem[];
  cursor: string | null;
}

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
  const [loadingMore, setLoadingMore] = useState(false);
  const latest = useRef(filter);
  latest.current = filter;
  // The count last seen, to tell a new item (a rise) from a change of one's own.
  const before = useRef(inboxUnreadCount());

  // Asked on each showing of a filter (items change elsewhere: another tab, the bot, a snooze waking).
  const key = ['inbox', filter] as const;
  const first = useQuery<Shown>(
    key,
    async (signal) => {
      const page = await inboxApi.page(filter, null, undefined, signal).catch((err: unknown) => {
        if (!signal.aborted) log.warn('inbox: load failed', err);
        throw err;
      });
      if (signal.aborted) throw signal.reason;
      setInboxUnread(page.unread);
      before.current = page.unread;
      // Items are newest first (by id): the new page stands for everything down to its last item,
      // and the pages loaded below it stay.
      const shown = readQuery<Shown>(key).data;
      const bottom = page.items.at(-1)?.id;
      if (!shown || page.nextCursor === null || bottom === undefined) return { items: page.items, cursor: page.nextCursor };
      return { items: [...page.items, ...shown.items.filter((i) => i.id < bottom)], cursor: shown.cursor };
    },
    {
      freshMs: 0,
      // A new item arrived (the count rose); one's own changes lower it and are shown already.
      refetchOn: (e) => {
        if (e.type !== 'inbox.changed' || filter === 'archived') return false;
        const rose = (e.unread ?? 0) > before.current;
        before.current = e.unread ?? 0;
        return rose;
      },
    },
  );
  const { setData, refetch } = first;
  const items = first.data?.items ?? null;
  const cursor = first.data?.cursor ?? null;

  const loadMore = useCallback(async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await inboxApi.page(filter, cursor);
      if (latest.current !== filter) return;
      setData((shown) => shown && { items: [...shown.items, ...page.items.filter((i) => !shown.items.some((x) => x.id === i.id))], cursor: page.nextCursor });
    } catch (err) {
      toast({ title: errorText(err, t, { fallback: 'inbox.loadFailed' }), color: 'error' });
    } finally {
      setLoadingMore(false);
    }
  }, [cursor, filter, setData, t]);

  /** The list's items changed at once (an optimistic change, its answer, or its rollback). */
  const setItems = useCallback(
    (update: (list: InboxItem[]) => InboxItem[]) => setData((shown) => shown && { ...shown, items: update(shown.items) }),
    [setData],
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
      const snapshot = { list: items ?? [], unread: inboxUnreadCount() };
      const delta = (counted(next, at) ? 1 : 0) - (counted(item, at) ? 1 : 0);
      setItems((list) => (keep ? list.map((i) => (i.id === item.id ? next : i)) : list.filter((i) => i.id !== item.id)));
      setInboxUnread(inboxUnreadCount() + delta);
      before.current = inboxUnreadCount();
      try {
        const res = await inboxApi.update(item.id, change);
        if (keep) setItems((list) => list.map((i) => (i.id === item.id ? res.item : i)));
        setInboxUnread(res.unread);
        before.current = res.unread;
      } catch (err) {
        setItems(() => snapshot.list);
        setInboxUnread(snapshot.unread);
        before.current = snapshot.unread;
        toast({ title: errorText(err, t, { fallback: 'inbox.failed' }), color: 'error' });
      }
    },
    [filter, items, setItems, t],
  );

  const readAll = useCallback(async () => {
    const snapshot = { list: items ?? [], unread: inboxUnreadCount() };
    const now = new Date().toISOString();
    setItems((list) => list.map((i) => (i.readAt ? i : { ...i, readAt: now })));
    setInboxUnread(0);
    before.current = 0;
    try {
      const unread = await inboxApi.readAll();
      setInboxUnread(unread);
      before.current = unread;
    } catch (err) {
      setItems(() => snapshot.list);
      setInboxUnread(snapshot.unread);
      before.current = snapshot.unread;
      toast({ title: errorText(err, t, { fallback: 'inbox.failed' }), color: 'error' });
    }
  }, [items, setItems, t]);

  return { items, failed: first.error !== null, more: cursor !== null, loadingMore, loadMore, change, readAll, retry: refetch };
}
