// How often the confirmation reminders may show (spec §9: "decided by the server"). A reminder
// first waits REMINDER_POLICY.firstDelaySec after the address was set (the mail just went out);
// each showing counts as a "Later" (the dialog sends nothing when dismissed) and pushes the next
// one further: base × 2^(showings − 1), capped. One atomic statement decides and records a showing.
import type { EntityManager } from '@mikro-orm/postgresql';
import { REMINDER_POLICY } from '@tracker/shared/limits';
import { ensureReminder, nextShowing, recordShowing, restartReminder } from './reminders.repository.ts';

export type ReminderKind = 'email' | 'phone';
export interface ReminderDecision {
  canShow: boolean;
  reason: 'no_user' | 'no_value' | 'confirmed' | 'too_soon' | 'due';
  nextShow: string | null;
}

/** Starts (or restarts) the waiting period: on registration and whenever the e-mail or phone changes. */
export async function resetReminder(em: EntityManager, userId: number, kind: ReminderKind): Promise<void> {
  await restartReminder(em, userId, kind, REMINDER_POLICY.firstDelaySec);
}

/** Decides whether the reminder may show now and, if so, records the showing. */
export async function takeReminder(em: EntityManager, userId: number, kind: ReminderKind): Promise<ReminderDecision> {
  const { firstDelaySec, baseIntervalSec, maxIntervalSec } = REMINDER_POLICY;
  // A user without a row (created before reminders existed, or by another path) starts waiting now.
  await ensureReminder(em, userId, kind, firstDelaySec);
  const shown = await recordShowing(em, userId, kind, baseIntervalSec, maxIntervalSec);
  if (shown) return { canShow: true, reason: 'due', nextShow: new Date(shown).toISOString() };
  const next = await nextShowing(em, userId, kind);
  return { canShow: false, reason: 'too_soon', nextShow: next ? new Date(next).toISOString() : null };
}
