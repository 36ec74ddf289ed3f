// Who hears of what (notify.ts): the people who want a notification, an issue's assignee, the
// group chats that may see a project. Typed queries (db/kysely.ts); the group rule stays bound SQL text.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { intArray } from '../../db/sql.ts';
import { groupVisibleCondition } from '../projects/project-access.ts';

export type NotifySetting = 'assigned' | 'mentioned' | 'assigned_comments' | 'status_changed' | 'due_soon' | 'sla_breached';

export interface Recipient {
  id: number;
  telegram_id: string;
  locale: string;
  quiet_from: number | null;
  quiet_to: number | null;
  time_zone: string | null;
}

/** Linked, reachable users among `userIds` (not empty) who want this setting (on unless turned off). */
export async function telegramRecipients(em: EntityManager, userIds: number[], setting: NotifySetting): Promise<Recipient[]> {
  return kysely(em)
    .selectFrom('users as u')
    .leftJoin('notification_settings as ns', 'ns.user_id', 'u.id')
    .select(['u.id', 'u.telegram_id', 'u.locale', 'ns.quiet_from', 'ns.quiet_to', 'ns.time_zone'])
    .where('u.id', '=', (eb) => eb.fn.any(sql<number[]>`${intArray(userIds)}::int[]`))
    .where('u.telegram_id', 'is not', null)
    .where('u.telegram_unreachable_at', 'is', null)
    .where(sql<boolean>`coalesce(${sql.ref(`ns.${setting}`)}, true)`)
    .$narrowType<{ telegram_id: string }>()
    .execute();
}

/** The issue's assignee; undefined when the issue is gone. */
export async function issueAssignee(em: EntityManager, issueId: number): Promise<{ assignee_id: number | null } | undefined> {
  return kysely(em).selectFrom('issues').select('assignee_id').where('id', '=', issueId).executeTakeFirst();
}

/**
 * The group chats (and forum topics) bound to the issue's project or streams that the project may be
 * shown in, each once; without the chat it was created from (`created`) or this activity came from,
 * and without a forum's general link where a topic is linked to the project.
 */
export async function groupChatsOf(
  em: EntityManager,
  c: { projectId: number; issueId: number; activityId: number | null; created: boolean },
): Promise<{ chat_id: string; thread_id: number; locale: string }[]> {
  const shown = groupVisibleCondition({ column: 'l.chat_id' }, 'p');
  return em.execute<{ chat_id: string; thread_id: number; locale: string }[]>(
    `select distinct on (l.chat_id, l.thread_id) l.chat_id, l.thread_id, l.locale from telegram_chat_links l
      where (l.project_id = ? or l.stream_id in (select stream_id from issue_streams where issue_id = ?))
        and exists (select 1 from projects p where p.id = ? and ${shown.sql})
        and (not ?::boolean or l.chat_id not in (select chat_id from telegram_issue_origins where issue_id = ?))
        and l.chat_id not in (select chat_id from telegram_activity_origins where activity_id = ?)
        and not (l.thread_id = 0 and exists (select 1 from telegram_chat_links tl where tl.chat_id = l.chat_id and tl.thread_id <> 0 and tl.project_id = ?))
      order by l.chat_id, l.thread_id, l.id`,
    [c.projectId, c.issueId, c.projectId, ...shown.params, c.created, c.issueId, c.activityId ?? 0, c.projectId],
  );
}
