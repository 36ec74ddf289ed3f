import { z } from 'zod';
import { text } from './fields.ts';

const time = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.invalid');

/** Which Telegram notifications a user gets, the morning digest, and quiet hours (messages arrive silently) in their time zone. */
export const notificationSettingsSchema = z.object({
  assigned: z.boolean(),
  mentioned: z.boolean(),
  statusChanged: z.boolean(),
  dueSoon: z.boolean(),
  /** Comments on issues assigned to me (watched issues' comments stay in the inbox). Older clients leave it out. */
  assignedComments: z.boolean().default(true),
  /** An SLA deadline missed on an issue assigned to me or in a project I own (docs/sla.md). Older clients leave it out. */
  slaBreached: z.boolean().default(true),
  /** The morning digest: overdue, due today and what changed on watched issues, at `digestTime` local time. */
  digestEnabled: z.boolean().default(false),
  digestTime: time.default('09:00'),
  quietFrom: time.nullable(),
  quietTo: time.nullable(),
  timeZone: text().min(1, 'validation.required').max(64, 'validation.tooLong'),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsResponseSchema = z.object({
  settings: notificationSettingsSchema,
  /** Whether a Telegram account is linked (notifications need one). */
  telegramLinked: z.boolean(),
  /** Since when Telegram refuses messages to the user (they blocked the bot); null while it delivers. */
  telegramUnreachableSince: z.string().nullable(),
});
export type NotificationSettingsResponse = z.infer<typeof notificationSettingsResponseSchema>;
