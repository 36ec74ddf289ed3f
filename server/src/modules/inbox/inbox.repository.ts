// The inbox's SQL. Every read and write joins the item's project through the one visibility rule
// (userCanViewProjectSql): an item on an issue its owner can no longer see is never shown, counted
// or changed.
import type { EntityManager } from '@mikro-orm/postgresql';
import { inboxDataSchema, type InboxFilter, type InboxItem, type InboxKind } from '@tracker/shared/api/inbox';
import type { StatusCategory } from '@tracker/shared/api/projects';
import { intArray, iso } from '../../db/sql.ts';
import { userCanViewProjectSql } from '../projects/project-guards.ts';
import { avatarUrl } from '../users/user.mapper.ts';

const AWAKE = '(x.snoozed_until is null or x.snoozed_until <= now())';
const FILTERS: Record<InboxFilter, string> = {
  unread: `x.archived_at is null and x.read_at is null and ${AWAKE}`,
  all: `x.archived_at is null and ${AWAKE}`,
  archived: 'x.archived_at is not null',
};
const UNREAD = FILTERS.unread;

const FROM = `
  from inbox_items x
  join users u on u.id = x.user_id
  join issues i on i.id = x.issue_id
  join projects p on p.id = i.project_id`;
const VISIBLE = userCanViewProjectSql('u', 'p');
/** The owner's items that they may still see (aliases x, u, i, p); the owner's id is the one param. */
const OWNED_VISIBLE = `${FROM} where x.user_id = ? and ${VISIBLE}`;

interface ItemRow {
  id: number;
  kind: InboxKind;
  data: unknown;
  created_at: string;
  read_at: string | null;
  snoozed_until: string | null;
  archived_at: string | null;
  actor_id: number | null;
  actor_name: string | null;
  actor_avatar: string | null;
  issue_id: number;
  issue_key: string;
  issue_title: string;
  project_key: string;
  status_name: string;
  status_color: string;
  status_category: StatusCategory;
}

const itemQuery = (where: string) => `
  select x.id, x.kind, x.data, x.created_at, x.read_at, x.snoozed_until, x.archived_at,
         a.id as actor_id, a.name as actor_name, a.avatar_key as actor_avatar,
         i.id as issue_id, p.key || '-' || i.number as issue_key, i.title as issue_title, p.key as project_key,
         s.name as status_name, s.color as status_color, s.category as status_category
  ${FROM}
  join statuses s on s.id = i.status_id
  left join users a on a.id = x.actor_id
 where x.user_id = ? and ${VISIBLE} and ${where}`;

const toItem = (r: ItemRow): InboxItem => {
  const data = inboxDataSchema.safeParse(r.data);
  return {
    id: r.id,
    kind: r.kind,
    data: data.success ? data.data : {},
    createdAt: iso(r.created_at),
    readAt: iso(r.read_at),
    snoozedUntil: iso(r.snoozed_until),
    archivedAt: iso(r.archived_at),
    actor: r.actor_id != null ? { id: r.actor_id, name: r.actor_name ?? '', avatarUrl: avatarUrl(r.actor_avatar, 64) } : null,
    issue: {
      id: r.issue_id,
      key: r.issue_key,
      title: r.issue_title,
      projectKey: r.project_key,
      status: { name: r.status_name, color: r.status_color, category: r.status_category },
    },
  };
};

/** One page, newest first, after `before` (an item id) when given; one row more than `limit` tells that more follow. */
export async function inboxPage(em: EntityManager, userId: number, filter: InboxFilter, before: number | null, limit: number): Promise<{ items: InboxItem[]; more: boolean }> {
  const rows = await em.execute<ItemRow[]>(`${itemQuery(`${FILTERS[filter]} and (?::int is null or x.id < ?)`)} order by x.id desc limit ?`, [userId, before, before, limit + 1]);
  return { items: rows.slice(0, limit).map(toItem), more: rows.length > limit };
}

export async function inboxItem(em: EntityManager, userId: number, id: number): Promise<InboxItem | null> {
  const [row] = await em.execute<ItemRow[]>(itemQuery('x.id = ?'), [userId, id]);
  return row ? toItem(row) : null;
}

export async function unreadCount(em: EntityManager, userId: number): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(`select count(*)::int as n ${OWNED_VISIBLE} and ${UNREAD}`, [userId]);
  return row?.n ?? 0;
}

export interface ItemChange {
  read?: boolean;
  archived?: boolean;
  snoozedUntil?: string | null;
}

/** Changes one of the owner's visible items; false when there is none such. */
export async function changeItem(em: EntityManager, userId: number, id: number, change: ItemChange): Promise<boolean> {
  const sets: string[] = [];
  const params: unknown[] = [];
  if (change.read !== undefined) sets.push(change.read ? 'read_at = coalesce(read_at, now())' : 'read_at = null');
  if (change.archived !== undefined) sets.push(change.archived ? 'archived_at = coalesce(archived_at, now())' : 'archived_at = null');
  if (change.snoozedUntil !== undefined) {
    sets.push('snoozed_until = ?::timestamptz');
    params.push(change.snoozedUntil);
    // A snoozed item comes back as new when it wakes, unless the same change says otherwise.
    if (change.snoozedUntil !== null && change.read === undefined) sets.push('read_at = null');
  }
  const rows = await em.execute(
    `update inbox_items t set ${sets.join(', ')} where t.id = ? and t.id in (select x.id ${OWNED_VISIBLE} and x.id = ?) returning t.id`,
    [...params, id, userId, id],
  );
  return rows.length > 0;
}

/** Marks every unread item the owner sees now as read (snoozed ones stay as they are). */
export async function markAllRead(em: EntityManager, userId: number): Promise<void> {
  await em.execute(`update inbox_items t set read_at = now() where t.id in (select x.id ${OWNED_VISIBLE} and ${UNREAD})`, [userId]);
}

export interface NewItems {
  userIds: number[];
  issueId: number;
  activityId: number | null;
  kind: InboxKind;
  actorId: number | null;
  data: Record<string, unknown>;
}

/** Adds one item per user; one already there for the same activity (a retried job) or due date is kept. Returns who got one. */
export async function insertItems(em: EntityManager, n: NewItems): Promise<number[]> {
  if (!n.userIds.length) return [];
  const rows = await em.execute<{ user_id: number }[]>(
    `insert into inbox_items (user_id, issue_id, activity_id, kind, actor_id, data)
     select u, ?, ?, ?, ?, ?::jsonb from unnest(?::int[]) as u
     on conflict do nothing
     returning user_id`,
    [n.issueId, n.activityId, n.kind, n.actorId, JSON.stringify(n.data), intArray(n.userIds)],
  );
  return rows.map((r) => r.user_id);
}

/** Unread counts of several users at once (after a delivery). */
export async function unreadCounts(em: EntityManager, userIds: number[]): Promise<Map<number, number>> {
  const rows = await em.execute<{ user_id: number; n: number }[]>(
    `select x.user_id, count(*)::int as n ${FROM} where x.user_id = any(?::int[]) and ${VISIBLE} and ${UNREAD} group by x.user_id`,
    [intArray(userIds)],
  );
  const counts = new Map(userIds.map((id) => [id, 0]));
  for (const r of rows) counts.set(r.user_id, r.n);
  return counts;
}
