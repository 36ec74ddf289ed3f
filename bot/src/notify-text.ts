// The first line of a notification, above the issue card: the same words as the inbox and the
// issue's activity (shared `events` texts), for a parse_mode HTML message.
import { eventLine, type EventKind } from '@tracker/shared/i18n/events';
import type { Locale } from '@tracker/shared/locales';
import { translator } from './i18n.ts';

export function notifyHeadline(locale: Locale, kind: EventKind, actor: string | null, data: { from?: string; to?: string } = {}): string {
  return eventLine((key, values) => translator.html(locale, key, values), kind, actor, data);
}
