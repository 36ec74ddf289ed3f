// The morning digest as one HTML message: overdue issues, issues due today, and what happened on the
// person's issues since the last digest (their inbox items), each section capped. Pure, so it is unit-tested.
import type { EventKind } from '@tracker/shared/i18n/events';
import type { Locale } from '@tracker/shared/locales';
import type { IssueCard } from './backend.ts';
import { issueLine, issueLink } from './cards.ts';
import { t } from './i18n.ts';
import { notifyHeadline } from './notify-text.ts';

export interface DigestChange {
  issue: { id: number; key: string };
  kind: EventKind;
  actor: string | null;
  data: { from?: string; to?: string };
}

export interface Digest {
  overdue: IssueCard[];
  dueToday: IssueCard[];
  changes: DigestChange[];
}

const SECTION_MAX = 10;
// Three sections of ten lines stay well inside Telegram's 4096 characters with titles this long.
const TITLE_MAX = 80;
const clipped = (c: IssueCard): IssueCard => (c.title.length > TITLE_MAX ? { ...c, title: `${c.title.slice(0, TITLE_MAX - 1)}…` } : c);

function section(locale: Locale, heading: string, lines: string[]): string[] {
  if (!lines.length) return [];
  const more = lines.length > SECTION_MAX ? [t(locale, 'digest.more', { count: lines.length - SECTION_MAX })] : [];
  return ['', `<b>${heading}</b>`, ...lines.slice(0, SECTION_MAX), ...more];
}

export function formatDigest(locale: Locale, botUsername: string, d: Digest): string {
  const body = [
    ...section(locale, t(locale, 'digest.overdue', { count: d.overdue.length }), d.overdue.map((c) => issueLine(clipped(c), locale, botUsername))),
    ...section(locale, t(locale, 'digest.dueToday', { count: d.dueToday.length }), d.dueToday.map((c) => issueLine(clipped(c), locale, botUsername))),
    ...section(
      locale,
      t(locale, 'digest.changes', { count: d.changes.length }),
      d.changes.map((c) => `${issueLink(c.issue, botUsername)} ${notifyHeadline(locale, c.kind, c.actor, c.data)}`),
    ),
  ];
  return [`<b>${t(locale, 'digest.heading')}</b>`, ...(body.length ? body : ['', t(locale, 'digest.empty')])].join('\n');
}
