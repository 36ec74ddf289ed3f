// A linked group's standup: the project's issues completed since the last one, in progress, and
// blocked (by an open issue) or overdue; and the groups whose standup time has come.
import type { EntityManager } from '@mikro-orm/postgresql';
import { givenDay, localNow, overdue } from '../../db/local-date.ts';

export interface StandupRow {
  id: number;
  key: string;
  title: string;
  assignee: string | null;
  done: boolean;
  started: boolean;
  blocked: boolean;
  overdue: boolean;
}

const OPEN = `s.category not in ('completed', 'canceled', 'triage')`;
const BLOCKED = `exists (select 1 from issue_relations r join issues b on b.id = r.from_issue_id join statuses bs on bs.id = b.status_id
                 where r.to_issue_id = i.id and r.type = 'blocks' and bs.category not in ('completed', 'canceled'))`;

/** `today`: the group's (its standup zone's). */
export function selectStandupRows(em: EntityManager, projectId: number, since: Date, today: string) {
  const late = overdue('i.due_date', givenDay(today));
  return em.execute<StandupRow[]>(
    `select i.id, p.key || '-' || i.number as key, i.title, u.name as assignee,
            (s.category = 'completed') as done, (s.category = 'started') as started,
            (${OPEN} and ${BLOCKED}) as blocked, (${OPEN} and ${late.sql}) as overdue
       from issues i join projects p on p.id = i.project_id join statuses s on s.id = i.status_id left join users u on u.id = i.assignee_id
      where i.project_id = ?
        and ((s.category = 'completed' and i.completed_at > ?::timestamptz) or s.category = 'started' or (${OPEN} and (${late.sql} or ${BLOCKED})))
      order by u.name nulls last, i.number
      limit 300`,
    [...late.params, projectId, since.toISOString(), ...late.params],
  );
}

/** The project links of a chat (each topic's, or the whole chat's), that the group may be shown. */
export function selectStandupLinks(em: EntityManager, chatId: number, shown: { sql: string; params: unknown[] }) {
  return em.execute<{ thread_id: number; project_id: number; name: string }[]>(
    `select l.thread_id, p.id as project_id, p.name from telegram_chat_links l join projects p on p.id = l.project_id
      where l.chat_id = ? and p.archived_at is null and ${shown.sql} order by l.thread_id`,
    [chatId, ...shown.params],
  );
}

export interface DueStandup {
  chat_id: string;
  today: string;
  sent_at: Date | null;
}

/** Groups whose standup time has passed today in their zone, and that have not had today's. */
export function selectDueStandups(em: EntityManager, now: Date) {
  const local = localNow({ sql: 'cs.standup_time_zone', params: [] }, now);
  return em.execute<DueStandup[]>(
    `select cs.chat_id, to_char(${local.sql}::date, 'YYYY-MM-DD') as today, cs.standup_sent_at as sent_at from telegram_chat_settings cs
      where cs.standup_time is not null and ${local.sql}::time >= cs.standup_time and cs.standup_sent_on is distinct from ${local.sql}::date
      order by cs.chat_id`,
    [...local.params, ...local.params, ...local.params],
  );
}

/** Claims today's standup of the chat (row lock): false when it was sent meanwhile (another replica, a retry). */
export async function claimStandup(em: EntityManager, chatId: number, today: string, now: Date): Promise<boolean> {
  const claimed = await em.execute(
    `update telegram_chat_settings set standup_sent_on = ?::date, standup_sent_at = ?::timestamptz
      where chat_id = ? and standup_sent_on is distinct from ?::date returning chat_id`,
    [today, now.toISOString(), chatId, today],
  );
  return claimed.length > 0;
}
