// How often the confirmation reminders may show (spec §9: "decided by the server"). A reminder
// first waits REMINDER_POLICY.firstDelaySec after the address was set (the mail just went out);
// each showing counts as a "Later" (the dialog sends nothing when dismissed) and pushes the next
// one further: base × 2^(showings − 1), capped. One atomic statement decides and records a showing.
import type { EntityManager } from '@mikro-orm/postgresql';
import { REMINDER_POLICY } from '@tracker/shared/limits';

export type ReminderKind = 'email' | 'phone';
export interface ReminderDecision {
  canShow: boolean;
  reason: 'no_user' | 'no_value' | 'confirmed' | 'too_soon' | 'due';
  nextShow: string | null;
}

/** Starts (or restarts) the waiting period: on registration and whenever the e-mail or phone changes. */
export async function resetReminder(em: EntityManager, userId: number, kind: ReminderKind): Promise<void> {
  await em.execute(
    `insert into reminders (user_id, kind, shown_count, last_shown_at, next_show_at) values (?, ?, 0, null, now() + make_interval(secs => ?))
     on conflict (user_id, kind) do update set shown_count = 0, last_shown_at = null, next_show_at = excluded.next_show_at`,
    [userId, kind, REMINDER_POLICY.firstDelaySec],
  );
}

/** Decides whether the reminder may show now and, if so, records the showing. */
export async function takeReminder(em: EntityManager, userId: number, kind: ReminderKind): Promise<ReminderDecision> {
  const { firstDelaySec, baseIntervalSec, maxIntervalSec } = REMINDER_POLICY;
  // A user without a row (created before reminders existed, or by another path) starts waiting now.
  await em.execute(
    `insert into reminders (user_id, kind, next_show_at) values (?, ?, now() + make_interval(secs => ?)) on conflict do nothing`,
    [userId, kind, firstDelaySec],
  );
  const shown = await em.execute<{ next_show_at: Date }[]>(
    `update reminders set shown_count = shown_count + 1, last_shown_at = now(),
       next_show_at = now() + make_interval(secs => least(?::float8, ? * power(2, shown_count)))
     where user_id = ? and kind = ? and next_show_at <= now()
     returning next_show_at`,
    [maxIntervalSec, baseIntervalSec, userId, kind],
  );
  if (shown[0]) return { canShow: true, reason: 'due', nextShow: new Date(shown[0].next_show_at).toISOString() };
  const rows = await em.execute<{ next_show_at: Date }[]>(`select next_show_at from reminders where user_id = ? and kind = ?`, [userId, kind]);
  return { canShow: false, reason: 'too_soon', nextShow: rows[0] ? new Date(rows[0].next_show_at).toISOString() : null };
}
