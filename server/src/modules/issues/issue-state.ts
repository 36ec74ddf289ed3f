// An issue as the write paths see it: read under a row lock, with the versions and times of its
// fields that conflict checks and last-writer-wins read.
import type { EntityManager } from '@mikro-orm/postgresql';
import { PRIORITIES, type Priority, type RecurrenceInput } from '@tracker/shared/api/issues';
import type { StatusCategory } from '@tracker/shared/api/projects';
import type { CustomValues } from '../custom-fields/custom-values.ts';
import { lockIssueRow } from './issue.repository.ts';

/** An issue as the write paths see it, read under a row lock. */
export interface IssueState {
  id: number;
  projectId: number;
  title: string;
  description: string;
  statusId: number;
  category: StatusCategory;
  priority: Priority;
  assigneeId: number | null;
  startDate: string | null;
  dueDate: string | null;
  estimate: number | null;
  parentId: number | null;
  cycleId: number | null;
  milestoneId: number | null;
  customValues: CustomValues;
  labelIds: number[];
  streamIds: number[];
  /** Grows on every change of the issue (a trigger, migration issue_version). */
  version: number;
  /** API field name → the version that last changed it. */
  fieldVersions: Record<string, number>;
  /** API field name → when it last changed (ISO; migration field_changed_at). */
  fieldChangedAt: Record<string, string>;
}

/** The fields a PATCH may carry (API names), all optional. */
export type IssuePatch = Partial<Omit<IssueState, 'id' | 'projectId' | 'category' | 'version' | 'fieldVersions' | 'fieldChangedAt'>>;
/** A PATCH: the fields, and the recurrence (null stops it; docs/recurring.md). */
export type IssueEdit = IssuePatch & { recurrence?: RecurrenceInput | null };

export async function loadIssueState(em: EntityManager, issueId: number): Promise<IssueState> {
  const r = await lockIssueRow(em, issueId);
  return {
    id: r.id,
    projectId: r.project_id,
    title: r.title,
    description: r.description,
    statusId: r.status_id,
    category: r.category as StatusCategory,
    priority: PRIORITIES[r.priority]!,
    assigneeId: r.assignee_id,
    startDate: r.start_date,
    dueDate: r.due_date,
    estimate: r.estimate,
    parentId: r.parent_id,
    cycleId: r.cycle_id,
    milestoneId: r.milestone_id,
    customValues: (r.custom_values ?? {}) as CustomValues,
    labelIds: r.label_ids,
    streamIds: r.stream_ids,
    version: r.version,
    fieldVersions: (r.field_versions ?? {}) as Record<string, number>,
    fieldChangedAt: (r.field_changed_at ?? {}) as Record<string, string>,
  };
}

