// A user's Telegram notification settings: what is on until they say otherwise, and the times
// (HH:MM in the API, minutes after midnight when stored).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { NotificationSettings, NotificationSettingsResponse } from '@tracker/shared/api/notifications';
import { fieldError } from '@tracker/shared/domain-errors';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import { DEFAULT_DIGEST_TIME, isTimeZone, toTime } from './quiet-hours.ts';
import { saveSettings, settingsOf } from './settings.repository.ts';

const toMinutes = (t: string | null) => (t == null ? null : Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5)));

/** The settings as saved, each default where never saved, and whether Telegram reaches the user. */
export async function notificationSettings(em: EntityManager, userId: number): Promise<NotificationSettingsResponse> {
  const row = await settingsOf(em, userId);
  return {
    settings: {
      assigned: row?.assigned ?? true,
      mentioned: row?.mentioned ?? true,
      statusChanged: row?.status_changed ?? true,
      dueSoon: row?.due_soon ?? true,
      assignedComments: row?.assigned_comments ?? true,
      slaBreached: row?.sla_breached ?? true,
      digestEnabled: row?.digest_enabled ?? false,
      digestTime: toTime(row?.digest_time ?? DEFAULT_DIGEST_TIME),
      quietFrom: row?.quiet_from == null ? null : toTime(row.quiet_from),
      quietTo: row?.quiet_to == null ? null : toTime(row.quiet_to),
      timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE,
    },
    telegramLinked: !!row?.linked,
    telegramUnreachableSince: row?.linked && row.unreachable_at ? new Date(row.unreachable_at).toISOString() : null,
  };
}

/** Saves the settings (a time zone the runtime does not know is refused) and answers them as saved. */
export async function saveNotificationSettings(em: EntityManager, userId: number, s: NotificationSettings): Promise<NotificationSettingsResponse> {
  if (!isTimeZone(s.timeZone)) throw fieldError('timeZone', 'validation.invalid');
  await saveSettings(em, userId, { ...s, digestTime: toMinutes(s.digestTime)!, quietFrom: toMinutes(s.quietFrom), quietTo: toMinutes(s.quietTo) });
  return notificationSettings(em, userId);
}
