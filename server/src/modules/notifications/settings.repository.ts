// A user's notification settings in PostgreSQL, with bound values only. Times are minutes after midnight.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import { DEFAULT_DIGEST_TIME } from './quiet-hours.ts';

export interface SettingsRow {
  linked: boolean;
  unreachable_at: Date | string | null;
  assigned: boolean | null;
  mentioned: boolean | null;
  status_changed: boolean | null;
  due_soon: boolean | null;
  assigned_comments: boolean | null;
  sla_breached: boolean | null;
  digest_enabled: boolean | null;
  digest_time: number | null;
  quiet_from: number | null;
  quiet_to: number | null;
  time_zone: string | null;
}

export interface StoredSettings {
  assigned: boolean;
  mentioned: boolean;
  statusChanged: boolean;
  dueSoon: boolean;
  assignedComments: boolean;
  slaBreached: boolean;
  digestEnabled: boolean;
  digestTime: number;
  quietFrom: number | null;
  quietTo: number | null;
  timeZone: string;
}

/** The user's settings row (all null when never saved) and whether their Telegram is linked. */
export async function settingsOf(em: EntityManager, userId: number): Promise<SettingsRow | null> {
  const [row] = await em.execute<SettingsRow[]>(
    `select u.telegram_id is not null as linked, u.telegram_unreachable_at as unreachable_at, ns.assigned, ns.mentioned, ns.status_changed, ns.due_soon, ns.assigned_comments, ns.sla_breached, ns.digest_enabled, ns.digest_time, ns.quiet_from, ns.quiet_to, ns.time_zone
       from users u left join notification_settings ns on ns.user_id = u.id where u.id = ?`,
    [userId],
  );
  return row ?? null;
}

export async function saveSettings(em: EntityManager, userId: number, s: StoredSettings): Promise<void> {
  await em.execute(
    `insert into notification_settings (user_id, assigned, mentioned, status_changed, due_soon, assigned_comments, sla_breached, digest_enabled, digest_time, quiet_from, quiet_to, time_zone)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (user_id) do update set assigned = excluded.assigned, mentioned = excluded.mentioned, status_changed = excluded.status_changed,
       due_soon = excluded.due_soon, assigned_comments = excluded.assigned_comments, sla_breached = excluded.sla_breached, digest_enabled = excluded.digest_enabled,
       digest_time = excluded.digest_time, quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to, time_zone = excluded.time_zone, updated_at = now()`,
    [userId, s.assigned, s.mentioned, s.statusChanged, s.dueSoon, s.assignedComments, s.slaBreached, s.digestEnabled, s.digestTime, s.quietFrom, s.quietTo, s.timeZone],
  );
}

/** `/digest`: turns the morning digest on or off; returns the new state and its time (minutes). */
export async function toggleDigest(em: EntityManager, userId: number): Promise<{ enabled: boolean; time: number; timeZone: string }> {
  const [row] = await em.execute<{ digest_enabled: boolean; digest_time: number; time_zone: string }[]>(
    `insert into notification_settings as ns (user_id, digest_enabled) values (?, true)
     on conflict (user_id) do update set digest_enabled = not ns.digest_enabled, updated_at = now()
     returning digest_enabled, digest_time, time_zone`,
    [userId],
  );
  return { enabled: row!.digest_enabled, time: row!.digest_time, timeZone: row!.time_zone };
}

/** The morning digest as it is: off, at 09:00 in the default zone until the user saves settings. */
export async function digestOf(em: EntityManager, userId: number): Promise<{ enabled: boolean; time: number; timeZone: string }> {
  const row = await settingsOf(em, userId);
  return { enabled: row?.digest_enabled ?? false, time: row?.digest_time ?? DEFAULT_DIGEST_TIME, timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE };
}
