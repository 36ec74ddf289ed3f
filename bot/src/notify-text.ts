// The first line of a notification, above the issue card: the same words as the inbox and the
// issue's activity (shared `events` texts), for a parse_mode HTML message.
import { escapeHtml } from '@tracker/shared/html';
import { eventLine, type EventKind } from '@tracker/shared/i18n/events';
import type { Locale } from '@tracker/shared/locales';
import { translator } from './i18n.ts';

/** A comment's opening (`excerpt`, for mentions and comments) is quoted under the line. */
export function notifyHeadline(locale: Locale, kind: EventKind, actor: string | null, data: { from?: string; to?: string; excerpt?: string } = {}): string {
  const line = eventLine((key, values) => translator.html(locale, key, values), kind, actor, data);
  return data.excerpt ? `${line}\n<blockquote>${escapeHtml(data.excerpt)}</blockquote>` : line;
}
