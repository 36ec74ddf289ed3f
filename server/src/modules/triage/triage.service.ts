// Triage's rules (issue 26): what a project's triage list shows, what each action does (through the
// issues' own writes, so history, live updates and notifications are theirs), and capture from chat.
import type { EntityManager } from '@mikro-orm/postgresql';
import { botText } from '@tracker/bot';
import { createIssueSchema, type IssueListItem } from '@tracker/shared/api/issues';
import { TRIAGE_SNOOZE_DAYS_MAX, type triageActionSchema, type TriageInboxResponse, type TriageItem, type TriageListResponse } from '@tracker/shared/api/triage';
import { conflict, fieldError } from '@tracker/shared/domain-errors';
import { isLocale, type Locale } from '@tracker/shared/locales';
import type { z } from 'zod';
import { escapeHtml } from '@tracker/shared/html';
import { requireIssue } from '../issues/issue-access.ts';
import { addRelation } from '../issues/issue-link.service.ts';
import { toIssueListItem } from '../issues/issue.mapper.ts';
import { createIssue, updateIssue } from '../issues/issue.service.ts';
import type { JobQueue } from '../jobs/index.ts';
import { queueMessage } from '../notifications/outbox.ts';
import { requireProject, type Viewer } from '../projects/project-access.ts';
import { ensureTriageStatus, firstStatusOf, insertSource, issueRow, setSnooze, sourceOf, statusCategoryOf, triageRows, triageStatusId, type TriageRow } from './triage.repository.ts';

type Action = z.output<typeof triageActionSchema>;
const DAY_MS = 86_400_000;
const TRIAGE_NAME: Record<Locale, string> = { ru: 'Разбор', en: 'Triage' };

export interface CaptureInput {
  projectId: number;
  title: string;
  description: string;
  source: { chatId: number; threadId: number; messageId: number; url: string; author: string };
}

const toItem = (r: TriageRow): TriageItem => ({
  issue: toIssueListItem(r),
  source: r.source_url ? { url: r.source_url, author: r.source_author ?? '' } : null,
  snoozedUntil: r.snoozed_until ? new Date(r.snoozed_until).toISOString() : null,
});

export function triageService(deps: { jobs: JobQueue; burstSec: number }) {
  /** The answer after an action: the issue as lists show it. */
  const item = async (em: EntityManager, issueId: number): Promise<IssueListItem> => toIssueListItem((await issueRow(em, issueId))!);

  /** Tells the chat the issue was captured from why it was declined, under the message itself. */
  async function replyDeclined(em: EntityManager, issueId: number, reason: string) {
    const source = await sourceOf(em, issueId);
    if (!source) return;
    const locale: Locale = source.locale && isLocale(source.locale) ? source.locale : 'ru';
    await queueMessage(
      em,
      deps.jobs,
      { chatId: Number(source.chat_id), threadId: source.thread_id, replyTo: source.message_id, issueId: null, line: escapeHtml(botText(locale, 'triage.declinedReason', { reason })), card: '', replyMarkup: null, silent: false },
      0,
    );
  }

  return {
    async list(em: EntityManager, viewer: Viewer, projectId: number): Promise<TriageListResponse> {
      const { project } = await requireProject(em, viewer, projectId, 'project.view');
      const enabled = (await triageStatusId(em, project.id)) !== null;
      return { enabled, issues: enabled ? (await triageRows(em, { projectId: project.id })).map(toItem) : [] };
    },

    /** The inbox's Triage: what waits in every project where the viewer is a member or owner. */
    async mine(em: EntityManager, viewer: Viewer): Promise<TriageInboxResponse> {
      return { issues: (await triageRows(em, { memberId: viewer.id })).map(toItem) };
    },

    async act(em: EntityManager, viewer: Viewer, ref: number | string, input: Action): Promise<IssueListItem> {
      return em.transactional(async (tem) => {
        const { issue } = await requireIssue(tem, viewer, ref, 'issue.edit');
        if ((await statusCategoryOf(tem, issue.id)) !== 'triage') throw conflict('not_in_triage');
        const to = async (categories: Parameters<typeof firstStatusOf>[2]) => (await firstStatusOf(tem, issue.projectId, categories))!;
        switch (input.action) {
          case 'accept':
            await updateIssue(tem, viewer, issue.id, {
              statusId: await to(['unstarted', 'backlog', 'started']),
              ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}),
              ...(input.priority ? { priority: input.priority } : {}),
            });
            break;
          case 'duplicate':
            await addRelation(tem, viewer, issue.id, { type: 'duplicates', issue: input.duplicateOf });
            await updateIssue(tem, viewer, issue.id, { statusId: await to(['canceled', 'completed']) });
            break;
          case 'decline':
            await updateIssue(tem, viewer, issue.id, { statusId: await to(['canceled', 'completed']) });
            if (input.reason) await replyDeclined(tem, issue.id, input.reason);
            break;
          case 'snooze': {
            const until = Date.parse(input.until);
            if (until <= Date.now() || until > Date.now() + TRIAGE_SNOOZE_DAYS_MAX * DAY_MS) throw fieldError('until', 'validation.invalid');
            await setSnooze(tem, issue.id, new Date(until).toISOString());
            return item(tem, issue.id);
          }
        }
        await setSnooze(tem, issue.id, null);
        return item(tem, issue.id);
      });
    },

    /** The project's triage status, or null while it has no Triage. */
    statusOf: (em: EntityManager, projectId: number): Promise<number | null> => triageStatusId(em, projectId),

    /** A message captured from a linked chat: a new issue in the project's Triage (turned on for it), with its source. */
    async capture(em: EntityManager, viewer: Viewer & { locale: string }, input: CaptureInput): Promise<number> {
      return em.transactional(async (tem) => {
        await requireProject(tem, viewer, input.projectId, 'issue.create');
        const statusId = await ensureTriageStatus(tem, input.projectId, TRIAGE_NAME[isLocale(viewer.locale) ? viewer.locale : 'ru']);
        const id = await createIssue(tem, viewer, createIssueSchema.parse({ projectId: input.projectId, title: input.title, description: input.description, statusId }));
        await insertSource(tem, id, input.source);
        return id;
      });
    },
  };
}
export type TriageService = ReturnType<typeof triageService>;
