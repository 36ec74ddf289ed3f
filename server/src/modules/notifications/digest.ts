// The morning digest: every minute a cron job (dispatch.ts) finds the people whose digest time has
// passed today in their time zone and who have not had today's digest, and queues one message to
// each. A digest is claimed by setting `digest_sent_on` under a row lock in the transaction that
// queues it, so it goes out once a day however many replicas or retries run the job.
import type { EntityManager } from '@mikro-orm/postgresql';
import { formatDigest, type DigestChange } from '@tracker/bot';
import type { InboxData, InboxKind } from '@tracker/shared/api/inbox';
import { isOverdueOn } from '@tracker/shared/dates';
import { isLocale } from '@tracker/shared/locales';
import { localNow } from '../../db/local-date.ts';
import type { JobQueue } from '../jobs/index.ts';
import { assignedOpenCards } from '../issues/cards.queries.ts';
import type { DigestSender } from './dispatch.ts';
import { queueMessage } from './outbox.ts';
import { inQuietHours } from './quiet-hours.ts';

interface DueRow {
  user_id: number;
  telegram_id: string;
  locale: string;
  roles: string[] | null;
  time_zone: string;
  today: string;
  quiet_from: number | null;
  quiet_to: number | null;
}


/** What happened on the person's issues since the last digest (a day back for the first one): their inbox, without due notices. */
async function changesSince(em: EntityManager, userId: number, since: Date | null, now: Date): Promise<DigestChange[]> {
  const rows = await em.execute<{ issue_id: number; key: string; kind: InboxKind; actor: string | null; data: InboxData }[]>(
    `select ii.issue_id, p.key || '-' || i.number as key, ii.kind, actor.name as actor, ii.data
       from inbox_items ii join issues i on i.id = ii.issue_id join projects p on p.id = i.project_id
       left join users actor on actor.id = ii.actor_id
      where ii.user_id = ? and ii.kind <> 'dueTomorrow' and ii.created_at > coalesce(?::timestamptz, ?::timestamptz - interval '1 day') and ii.created_at <= ?::timestamptz
      order by ii.id`,
    [userId, since?.toISOString() ?? null, now.toISOString(), now.toISOString()],
  );
  return rows.map((r) => ({ issue: { id: r.issue_id, key: r.key }, kind: r.kind, actor: r.actor, data: { from: r.data.from, to: r.data.to } }));
}

export function createDigestSender(deps: { jobs: JobQueue; botUsername: () => string }): DigestSender {
  /** Claims and queues one person's digest; false when it was sent meanwhile (another replica, a retry). */
  async function sendOne(em: EntityManager, r: DueRow, now: Date): Promise<boolean> {
    const [claim] = await em.execute<{ digest_sent_at: Date | null }[]>(
      `select digest_sent_at from notification_settings where user_id = ? and digest_sent_on is distinct from ?::date for update`,
      [r.user_id, r.today],
    );
    if (!claim) return false;
    await em.execute('update notification_settings set digest_sent_on = ?::date, digest_sent_at = ?::timestamptz where user_id = ?', [r.today, now.toISOString(), r.user_id]);
    const viewer = { id: r.user_id, roles: r.roles ?? [] };
    const due = await assignedOpenCards(em, viewer, r.today);
    const locale = isLocale(r.locale) ? r.locale : 'ru';
    const text = formatDigest(locale, deps.botUsername(), {
      overdue: due.filter((c) => isOverdueOn(c.dueDate, r.today)),
      dueToday: due.filter((c) => c.dueDate === r.today),
      changes: await changesSince(em, r.user_id, claim.digest_sent_at, now),
    });
    const silent = inQuietHours({ from: r.quiet_from, to: r.quiet_to, timeZone: r.time_zone }, now);
    await queueMessage(em, deps.jobs, { chatId: Number(r.telegram_id), issueId: null, line: text, card: '', replyMarkup: null, silent }, 0);
    return true;
  }

  return async (em, now) => {
    // The person's wall clock: their profile's zone (a digest needs settings, so they have one).
    const local = localNow({ sql: 'ns.time_zone', params: [] }, now);
    const due = await em.execute<DueRow[]>(
      `select ns.user_id, u.telegram_id, u.locale, u.roles, ns.time_zone, to_char(${local.sql}::date, 'YYYY-MM-DD') as today, ns.quiet_from, ns.quiet_to
         from notification_settings ns join users u on u.id = ns.user_id
        where ns.digest_enabled and u.telegram_id is not null and u.telegram_unreachable_at is null and u.blocked_at is null
          and ${local.sql}::time >= make_time(ns.digest_time / 60, ns.digest_time % 60, 0)
          and ns.digest_sent_on is distinct from ${local.sql}::date
        order by ns.user_id`,
      [...local.params, ...local.params, ...local.params],
    );
    let sent = 0;
    for (const r of due) if (await em.transactional((tem) => sendOne(tem, r, now))) sent += 1;
    return sent;
  };
}
