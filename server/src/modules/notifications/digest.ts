// The morning digest: every minute a cron job (dispatch.ts) finds the people whose digest time has
// passed today in their time zone and who have not had today's digest, and queues one message to
// each. A digest is claimed by setting `digest_sent_on` under a row lock in the transaction that
// queues it, so it goes out once a day however many replicas or retries run the job.
import type { EntityManager } from '@mikro-orm/postgresql';
import { formatDigest, type DigestChange } from '@tracker/bot';
import { isOverdueOn } from '@tracker/shared/dates';
import { isLocale } from '@tracker/shared/locales';
import type { JobQueue } from '../jobs/index.ts';
import { assignedOpenCards } from '../issues/cards.repository.ts';
import type { DigestSender } from './dispatch.ts';
import { dueDigests, inboxChangesSince, lockDigestClaim, markDigestSent, type DigestDueRow } from './digest.repository.ts';
import { queueMessage } from './outbox.ts';
import { inQuietHours } from './quiet-hours.ts';

/** What happened on the person's issues since the last digest (a day back for the first one): their inbox, without due notices. */
async function changesSince(em: EntityManager, userId: number, since: string | null, now: Date): Promise<DigestChange[]> {
  const rows = await inboxChangesSince(em, userId, since, now.toISOString());
  return rows.map((r) => ({ issue: { id: r.issue_id, key: r.key }, kind: r.kind, actor: r.actor, data: { from: r.data.from, to: r.data.to } }));
}

export function createDigestSender(deps: { jobs: JobQueue; botUsername: () => string }): DigestSender {
  /** Claims and queues one person's digest; false when it was sent meanwhile (another replica, a retry). */
  async function sendOne(em: EntityManager, r: DigestDueRow, now: Date): Promise<boolean> {
    const claim = await lockDigestClaim(em, r.user_id, r.today);
    if (!claim) return false;
    await markDigestSent(em, r.user_id, r.today, now.toISOString());
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
    const due = await dueDigests(em, now);
    let sent = 0;
    for (const r of due) if (await em.transactional((tem) => sendOne(tem, r, now))) sent += 1;
    return sent;
  };
}
