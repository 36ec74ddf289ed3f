// The morning digest (digest.ts): what changed since the last one, and whose is due now in their
// zone. Typed queries (db/kysely.ts); the due list's zone rule stays bound SQL text.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InboxData, InboxKind } from '@tracker/shared/api/inbox';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { localNow } from '../../db/local-date.ts';

export interface DigestDueRow {
  user_id: number;
  telegram_id: string;
  locale: string;
  roles: string[] | null;
  time_zone: string;
  today: string;
  quiet_from: number | null;
  quiet_to: number | null;
}

/** Inbox items of the person (without due notices) created after `since` (a day before `at` when null), up to `at`. */
export async function inboxChangesSince(
  em: EntityManager,
  userId: number,
  since: string | null,
  at: string,
): Promise<{ issue_id: number; key: string; kind: InboxKind; actor: string | null; data: InboxData }[]> {
  return kysely(em)
    .selectFrom('inbox_items as ii')
    .innerJoin('issues as i', 'i.id', 'ii.issue_id')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .leftJoin('users as actor', 'actor.id', 'ii.actor_id')
    .select(['ii.issue_id', sql<string>`p.key || '-' || i.number`.as('key'), sql<InboxKind>`ii.kind`.as('kind'), 'actor.name as actor', sql<InboxData>`ii.data`.as('data')])
    .where('ii.user_id', '=', userId)
    .where('ii.kind', '<>', 'dueTomorrow')
    .where('ii.created_at', '>', sql<string>`coalesce(${since}::timestamptz, ${at}::timestamptz - interval '1 day')`)
    .where('ii.created_at', '<=', sql<string>`${at}::timestamptz`)
    .orderBy('ii.id')
    .execute();
}

/** Locks the person's settings row while today's digest is not yet sent; its last digest's time. */
export async function lockDigestClaim(em: EntityManager, userId: number, today: string): Promise<{ digest_sent_at: string | null } | undefined> {
  return kysely(em)
    .selectFrom('notification_settings')
    .select('digest_sent_at')
    .where('user_id', '=', userId)
    .where('digest_sent_on', 'is distinct from', sql<string>`${today}::date`)
    .forUpdate()
    .executeTakeFirst();
}

/** Records today's digest as sent at `at`. */
export async function markDigestSent(em: EntityManager, userId: number, today: string, at: string): Promise<void> {
  await kysely(em)
    .updateTable('notification_settings')
    .set({ digest_sent_on: sql<string>`${today}::date`, digest_sent_at: sql<string>`${at}::timestamptz` })
    .where('user_id', '=', userId)
    .execute();
}

/** The linked, reachable people whose digest time has passed today in their zone and who have not had today's. */
export async function dueDigests(em: EntityManager, at: Date): Promise<DigestDueRow[]> {
  // The person's wall clock: their profile's zone (a digest needs settings, so they have one).
  const local = localNow({ sql: 'ns.time_zone', params: [] }, at);
  return em.execute<DigestDueRow[]>(
    `select ns.user_id, u.telegram_id, u.locale, u.roles, ns.time_zone, to_char(${local.sql}::date, 'YYYY-MM-DD') as today, ns.quiet_from, ns.quiet_to
       from notification_settings ns join users u on u.id = ns.user_id
      where ns.digest_enabled and u.telegram_id is not null and u.telegram_unreachable_at is null and u.blocked_at is null
        and ${local.sql}::time >= make_time(ns.digest_time / 60, ns.digest_time % 60, 0)
        and ns.digest_sent_on is distinct from ${local.sql}::date
      order by ns.user_id`,
    [...local.params, ...local.params, ...local.params],
  );
}
