// One wording per event for every place that tells about it: the activity, the inbox and
// the bot's notifications (issue 15, item 9). Russian names the event instead of conjugating a
// verb, so it never has to guess the actor's gender ("Анна Смирнова: назначена задача").
import type { InboxData, InboxKind } from '../api/inbox.ts';
import type { TextFn } from './translator.ts';

/** `dueToday` is told in Telegram only (the inbox keeps the day-before notice). */
export type EventKind = InboxKind | 'created' | 'dueToday';
export const EVENT_KINDS = ['created', 'assigned', 'mentioned', 'commented', 'statusChanged', 'dueTomorrow', 'dueToday', 'slaResponse', 'slaResolution'] as const satisfies readonly EventKind[];

/** What happened, without who: "changed the status: Todo → Done", «изменён статус «Todo» → «Done»». */
export function eventText(t: TextFn, kind: EventKind, data: Pick<InboxData, 'from' | 'to'> = {}): string {
  const text = t(`events.kinds.${kind}`);
  return kind === 'statusChanged' ? t('events.change', { text, from: data.from ?? '', to: data.to ?? '' }) : text;
}

/** Who and what, the actor in bold: "<strong>Anna</strong> assigned you an issue". No actor: the event alone. */
export function eventLine(t: TextFn, kind: EventKind, actor: string | null, data: Pick<InboxData, 'from' | 'to'> = {}): string {
  const text = eventText(t, kind, data);
  return actor === null ? text : t('events.byActor', { actor, text });
}
