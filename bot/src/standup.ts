// A linked group's daily standup as one HTML message: for each person, what they completed since the
// last one, what is in progress, and what is blocked or overdue — of the linked project only. Pure.
import { escapeHtml } from '@tracker/shared/html';
import type { Locale } from '@tracker/shared/locales';
import { issueLink } from './cards.ts';
import { t } from './i18n.ts';

export interface StandupIssue {
  id: number;
  key: string;
  title: string;
  /** Why it is stuck (the third list): blocked by an open issue, or past its due date. */
  stuck?: 'blocked' | 'overdue';
}

export interface StandupPerson {
  /** null: nobody is assigned. */
  name: string | null;
  done: StandupIssue[];
  inProgress: StandupIssue[];
  stuck: StandupIssue[];
}

export interface Standup {
  project: string;
  people: StandupPerson[];
}

const LIST_MAX = 8;
const TITLE_MAX = 60;

function list(locale: Locale, botUsername: string, mark: string, issues: StandupIssue[]): string[] {
  if (!issues.length) return [];
  const line = (i: StandupIssue) => {
    const title = i.title.length > TITLE_MAX ? `${i.title.slice(0, TITLE_MAX - 1)}…` : i.title;
    const why = i.stuck ? ` (${t(locale, `standup.${i.stuck}`)})` : '';
    return `${mark} ${issueLink(i, botUsername)} ${escapeHtml(title)}${why}`;
  };
  const more = issues.length > LIST_MAX ? [`   ${t(locale, 'digest.more', { count: issues.length - LIST_MAX })}`] : [];
  return [...issues.slice(0, LIST_MAX).map(line), ...more];
}

export function formatStandup(locale: Locale, botUsername: string, s: Standup): string {
  const heading = `<b>${escapeHtml(t(locale, 'standup.heading', { project: s.project }))}</b>`;
  const people = s.people.filter((p) => p.done.length + p.inProgress.length + p.stuck.length > 0);
  if (!people.length) return `${heading}\n\n${t(locale, 'standup.empty')}`;
  const blocks = people.map((p) =>
    [
      `<b>${escapeHtml(p.name ?? t(locale, 'standup.nobody'))}</b>`,
      ...list(locale, botUsername, '✅', p.done),
      ...list(locale, botUsername, '🔄', p.inProgress),
      ...list(locale, botUsername, '⛔', p.stuck),
    ].join('\n'),
  );
  return [heading, t(locale, 'standup.legend'), ...blocks].join('\n\n');
}
