// Optimistic concurrency on the HTTP side (issue 11, L4): the issue's version is its ETag, an edit
// names its base with `If-Match: "<version>"` (or `baseVersion` in the body), and a stale edit gets
// 409 edit_conflict with the issue as it is now, so the client can merge and save again.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context } from 'koa';
import { HttpError } from '../../http/errors.ts';
import { fieldError } from '../projects/project-guards.ts';
import type { Viewer } from '../projects/project-access.ts';
import { requestLocale, translate } from '../mail/i18n.ts';
import { requireIssue } from './issue-access.ts';
import { loadIssueDetail } from './issue-detail.ts';
import type { EditConflict } from './issue.service.ts';

const MAX_VERSION = 2_147_483_647;

export const versionTag = (version: number) => `"${version}"`;

/** The version named by If-Match (`"7"`, `W/"7"`, or a GET's ETag `"7.<digest>"`); `*` or no header: none. */
export function ifMatchVersion(ctx: Context): number | undefined {
  const header = ctx.get('if-match').trim();
  if (!header || header === '*') return undefined;
  const match = /^(?:W\/)?"(\d{1,10})(?:\.[\w-]+)?"$/.exec(header);
  const version = match ? Number(match[1]) : NaN;
  if (!(version >= 1 && version <= MAX_VERSION)) throw fieldError('If-Match', 'validation.invalid');
  return version;
}

/** Builds the 409 of a stale edit, in the reader's language, with the issue as it is now. */
export const editConflict = (ctx: Context, viewer: Viewer) => async (conflict: EditConflict, issueId: number, em: EntityManager) => {
  const access = await requireIssue(em, viewer, issueId, 'project.view');
  const issue = await loadIssueDetail(em, viewer, access, issueId);
  const message = translate(requestLocale(ctx), 'errors.codes.edit_conflict');
  return new HttpError(409, message, 'edit_conflict', { fields: conflict.fields, version: issue.version, issue }, { ETag: versionTag(issue.version) });
};
