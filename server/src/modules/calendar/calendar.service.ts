// What the calendar shows: the issues a range holds for the signed-in viewer, and an ICS feed's
// issues for its owner as they may see them now (a feed reads nothing once revoked or its owner blocked).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { IssueListItem } from '@tracker/shared/api/issues';
import { toIssueListItem } from '../issues/issue.mapper.ts';
import type { Viewer } from '../projects/project-access.ts';
import { selectCalendarIssues, selectFeedIssues, type CalendarFilter, type FeedIssueRow, type FeedScope } from './calendar.repository.ts';
import { findActiveFeed, TOKEN_PATTERN, type ActiveFeed } from './feeds.service.ts';

/** The issues placed on the calendar between `from` and `to` that the viewer can see. */
export async function calendarIssues(em: EntityManager, viewer: Viewer, filter: CalendarFilter): Promise<IssueListItem[]> {
  return (await selectCalendarIssues(em, viewer, filter)).map(toIssueListItem);
}

const scopeOf = (feed: ActiveFeed): FeedScope =>
  feed.scope === 'project' ? { scope: 'project', projectId: feed.scopeId! } : feed.scope === 'stream' ? { scope: 'stream', streamId: feed.scopeId! } : { scope: 'user' };

/** The feed a token opens, with its issues; null when the token opens none (malformed, unknown, revoked, its owner blocked). */
export async function feedCalendar(em: EntityManager, token: string): Promise<{ feed: ActiveFeed; issues: FeedIssueRow[] } | null> {
  const feed = TOKEN_PATTERN.test(token) ? await findActiveFeed(em, token) : null;
  if (!feed) return null;
  return { feed, issues: await selectFeedIssues(em, feed.owner, scopeOf(feed)) };
}
