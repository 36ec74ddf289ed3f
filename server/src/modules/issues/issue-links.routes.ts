import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { createRelationSchema, issueRefSchema, type RelationType } from '@tracker/shared/api/issues';
import type { Context } from 'koa';
import { requireUser } from '../../http/access.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { publishEvent } from '../events/publish.ts';
import { projectAccess, type Viewer } from '../projects/project-access.ts';
import { assertWritable, fieldError } from '../projects/project-guards.ts';
import { recordActivities } from '../activity/activity.ts';
import { findIssue, requireIssue } from './issue-access.ts';
import { loadIssueDetail } from './issue-detail.ts';

/** Stored relation types; `blocked_by` and `duplicated_by` are the same rows read from the other side. */
const STORED: Record<RelationType, { type: 'blocks' | 'relates' | 'duplicates'; reversed: boolean }> = {
  blocks: { type: 'blocks', reversed: false },
  blocked_by: { type: 'blocks', reversed: true },
  relates: { type: 'relates', reversed: false },
  duplicates: { type: 'duplicates', reversed: false },
  duplicated_by: { type: 'duplicates', reversed: true },
};

const issueEvent = (em: EntityManager, actor: Viewer, issueId: number, projectId: number) =>
  publishEvent(em, { type: 'issue.updated', issueId, projectId, streamIds: [], actorId: actor.id });

/** Relations between issues and watching. */
export function issueLinkRoutes(deps: { em: () => EntityManager }) {
  const router = new Router({ prefix: '/api/issues' });

  async function respond(ctx: Context, viewer: Viewer, issueId: number) {
    const access = await requireIssue(deps.em(), viewer, issueId, 'project.view');
    ctx.body = { issue: await loadIssueDetail(deps.em(), viewer, access, issueId) };
  }

  router.post('/:id/relations', async (ctx) => {
    const viewer = requireUser(ctx);
    const input = parse(createRelationSchema, ctx.request.body);
    const ref = parse(issueRefSchema, ctx.params.id);
    const sourceId = await deps.em().transactional(async (em) => {
      const { issue, project } = await requireIssue(em, viewer, ref, 'issue.edit');
      assertWritable(project);
      const other = await findIssue(em, input.issue);
      const otherAccess = other && (await projectAccess(em, viewer, other.projectId));
      if (!other || !otherAccess) throw fieldError('issue', 'validation.unknownIssue');
      if (other.id === issue.id) throw fieldError('issue', 'validation.relationToSelf');
      const stored = STORED[input.type];
      const [from, to] = stored.reversed ? [other.id, issue.id] : [issue.id, other.id];
      const existing = await em.execute(
        `select 1 from issue_relations where type = ? and ((from_issue_id = ? and to_issue_id = ?) ${stored.type === 'relates' ? 'or (from_issue_id = ? and to_issue_id = ?)' : ''})`,
        stored.type === 'relates' ? [stored.type, from, to, to, from] : [stored.type, from, to],
      );
      if (existing.length) throw new HttpError(409, 'These issues are already related this way', 'conflict', { field: 'issue' });
      const [row] = await em.execute<{ id: number }[]>('insert into issue_relations (from_issue_id, to_issue_id, type) values (?, ?, ?) returning id', [from, to, stored.type]);
      await recordActivities(em, [
        { projectId: project.id, issueId: issue.id, actorId: viewer.id, action: 'relation.added', newValue: { relationId: row!.id, type: input.type, issueId: other.id } },
      ]);
      await issueEvent(em, viewer, issue.id, project.id);
      await issueEvent(em, viewer, other.id, other.projectId);
      return issue.id;
    });
    ctx.status = 201;
    await respond(ctx, viewer, sourceId);
  });

  router.delete('/:id/relations/:relationId', async (ctx) => {
    const viewer = requireUser(ctx);
    const ref = parse(issueRefSchema, ctx.params.id);
    const relationId = parse(idSchema, ctx.params.relationId);
    const issueId = await deps.em().transactional(async (em) => {
      const { issue, project } = await requireIssue(em, viewer, ref, 'issue.edit');
      assertWritable(project);
      const [rel] = await em.execute<{ from_issue_id: number; to_issue_id: number; type: string }[]>(
        'delete from issue_relations where id = ? and (from_issue_id = ? or to_issue_id = ?) returning from_issue_id, to_issue_id, type',
        [relationId, issue.id, issue.id],
      );
      if (!rel) throw notFound('Relation not found');
      const otherId = rel.from_issue_id === issue.id ? rel.to_issue_id : rel.from_issue_id;
      await recordActivities(em, [{ projectId: project.id, issueId: issue.id, actorId: viewer.id, action: 'relation.removed', oldValue: { relationId, type: rel.type, issueId: otherId } }]);
      await issueEvent(em, viewer, issue.id, project.id);
      return issue.id;
    });
    await respond(ctx, viewer, issueId);
  });

  for (const [method, watching] of [['post', true], ['delete', false]] as const) {
    router[method]('/:id/watch', async (ctx) => {
      const viewer = requireUser(ctx);
      const ref = parse(issueRefSchema, ctx.params.id);
      const issueId = await deps.em().transactional(async (em) => {
        const { issue, project } = await requireIssue(em, viewer, ref, 'project.view');
        if (watching) await em.execute('insert into issue_watchers (issue_id, user_id) values (?, ?) on conflict do nothing', [issue.id, viewer.id]);
        else await em.execute('delete from issue_watchers where issue_id = ? and user_id = ?', [issue.id, viewer.id]);
        await issueEvent(em, viewer, issue.id, project.id);
        return issue.id;
      });
      await respond(ctx, viewer, issueId);
    });
  }

  return router;
}
