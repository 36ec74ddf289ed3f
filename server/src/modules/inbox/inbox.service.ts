// The inbox's rules: pages by cursor, changes to one's own items only, and delivery of what
// concerns people (a notification channel, notifications/dispatch.ts). Each change of a user's
// unread count is published to that user alone (`inbox.changed`), for the app's badge.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InboxFilter, InboxItemResponse, InboxResponse } from '@tracker/shared/api/inbox';
import { notFound } from '@tracker/shared/domain-errors';
import { publishEvent } from '../events/publish.ts';
import type { Concern } from '../notifications/concern.ts';
import { changeItem, inboxItem, inboxPage, insertItems, markAllRead, unreadCount, unreadCounts, type ItemChange } from './inbox.repository.ts';

const changed = (em: EntityManager, userId: number, unread: number) =>
  publishEvent(em, { type: 'inbox.changed', userId, unread, issueId: null, projectId: null, streamIds: [], actorId: null });

export async function listInbox(em: EntityManager, userId: number, q: { filter: InboxFilter; cursor?: string; limit: number }): Promise<InboxResponse> {
  const page = await inboxPage(em, userId, q.filter, q.cursor ? Number(q.cursor) : null, q.limit);
  const last = page.items.at(-1);
  return { items: page.items, nextCursor: page.more && last ? String(last.id) : null, unread: await unreadCount(em, userId) };
}

export const inboxUnread = (em: EntityManager, userId: number) => unreadCount(em, userId);

/** Changes one of the user's items; someone else's, or one they can no longer see, is not found. */
export async function updateInboxItem(em: EntityManager, userId: number, id: number, change: ItemChange): Promise<InboxItemResponse> {
  return em.transactional(async (tem) => {
    if (!(await changeItem(tem, userId, id, change))) throw notFound('inboxItem');
    const item = await inboxItem(tem, userId, id);
    if (!item) throw notFound('inboxItem');
    const unread = await unreadCount(tem, userId);
    await changed(tem, userId, unread);
    return { item, unread };
  });
}

export async function readAllInbox(em: EntityManager, userId: number): Promise<{ unread: number }> {
  return em.transactional(async (tem) => {
    await markAllRead(tem, userId);
    const unread = await unreadCount(tem, userId);
    await changed(tem, userId, unread);
    return { unread };
  });
}

/** The inbox channel: one item for each person concerned; the actor has none (concern.ts leaves them out). */
export async function deliverToInbox(em: EntityManager, c: Concern): Promise<void> {
  if (c.kind === 'dueToday') return;
  const added = await insertItems(em, { userIds: c.userIds, issueId: c.issueId, activityId: c.activityId, kind: c.kind, actorId: c.actorId, data: c.data });
  if (!added.length) return;
  for (const [userId, unread] of await unreadCounts(em, added)) await changed(em, userId, unread);
}
