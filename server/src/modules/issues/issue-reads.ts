import type { EntityManager } from '@mikro-orm/postgresql';
import { issueCountsQuerySchema } from '@tracker/shared/api/issue-counts';
import { ISSUE_PAGE_ACTIVITY, issueListQuerySchema } from '@tracker/shared/api/issues';
import { canInProject } from '@tracker/shared/permissions';
import type { Context } from 'koa';
import { forbidden, notFound } from '@tracker/shared/domain-errors';
import { entityTag, type ResponseCache } from '../../http/response-cache.ts';
import { parse } from '../../http/validate.ts';
import type { Viewer } from '../projects/project-access.ts';
import type { CursorCodec } from './issue-cursor.ts';
import { listActivity } from '../activity/activity.ts';
import { issueComments } from './comment.repository.ts';
import { loadIssueDetail } from './issue-detail.ts';
import { countIssues, listIssues } from './issue-list.ts';
import { issueVersions, projectVersions, visibleVersions, type IssueVersions } from './read-versions.repository.ts';

/**
 * The two cached reads (issue 13): the issue list and the issue page, each two queries at most —
 * access with the data versions, then the body, which a stored copy or a 304 spares. The ETag is
 * made of everything the body depends on; the bodies depend on no locale.
 */
export function issueReads(deps: { em: () => EntityManager; cache: ResponseCache; cursors: CursorCodec }) {
  /** Access with the versions, then the body `load` makes (a stored copy or a 304 spares it). */
  async function issueBody(ctx: Context, viewer: Viewer, ref: number | string, kind: string, load: (access: IssueVersions) => Promise<unknown>) {
    const access = await issueVersions(deps.em(), viewer, ref);
    if (!access) throw notFound('issue');
    if (!canInProject(access.role, viewer.roles, 'project.view')) throw forbidden();
    // Per viewer: `watching` and `can` are theirs. The issue's version leads, so the tag serves as If-Match.
    const tag = entityTag([kind, access.issueId, viewer.id, viewer.roles.join(','), access.role, ...access.versions], `${access.issueVersion}.`);
    await deps.cache.send(ctx, tag, () => load(access));
  }

  /** A list-shaped answer tagged by the versions of what the viewer may see (one project's, or all). */
  async function listBody(ctx: Context, viewer: Viewer, q: { project?: number | string; assignee?: string; sla?: string }, kind: string, load: () => Promise<unknown>) {
    let versions: unknown[];
    if (q.project !== undefined) {
      const access = await projectVersions(deps.em(), viewer, q.project);
      // An unknown or invisible project lists nothing, as it always did: nothing to tag or keep.
      if (!access) {
        ctx.body = await load();
        return;
      }
      versions = [access.role, ...access.versions];
    } else {
      versions = await visibleVersions(deps.em(), viewer);
    }
    // `assignee=me` is the only thing in a list that depends on who asks, beyond what they may see.
    const me = q.assignee?.split(',').includes('me') ? viewer.id : '';
    // "At risk" also depends on the time (a deadline comes within 24 h): such a list is kept a minute at most.
    const minute = q.sla === 'at-risk' ? Math.floor(Date.now() / 60_000) : '';
    await deps.cache.send(ctx, entityTag([kind, ...versions, me, minute, ctx.querystring]), load);
  }

  return {
    async list(ctx: Context, viewer: Viewer) {
      const q = parse(issueListQuerySchema, ctx.query);
      await listBody(ctx, viewer, q, 'list', () => listIssues(deps.em(), viewer, q, deps.cursors));
    },

    /** Each group's count for a list's filters (the list's group headers), cached as the list is. */
    async counts(ctx: Context, viewer: Viewer) {
      const q = parse(issueCountsQuerySchema, ctx.query);
      await listBody(ctx, viewer, q, 'counts', () => countIssues(deps.em(), viewer, q));
    },

    /** The issue page; after a write too (then it answers the body, never a 304). */
    async page(ctx: Context, viewer: Viewer, ref: number | string) {
      await issueBody(ctx, viewer, ref, 'issue', async (access) => ({ issue: await loadIssueDetail(deps.em(), viewer, access, access.issueId) }));
    },

    /** The issue with its comments and activity, for a page that has the rest from the store: one call. */
    async pageWithThread(ctx: Context, viewer: Viewer, ref: number | string) {
      await issueBody(ctx, viewer, ref, 'issue-thread', async (access) => {
        const em = deps.em();
        const [issue, comments, activity] = await Promise.all([
          loadIssueDetail(em, viewer, access, access.issueId),
          issueComments(em, access.issueId),
          listActivity(em, { issueId: access.issueId }, { limit: ISSUE_PAGE_ACTIVITY, newestFirst: false }),
        ]);
        return { issue, comments, activity };
      });
    },
  };
}
