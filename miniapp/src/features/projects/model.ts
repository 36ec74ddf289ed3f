// Pure helpers of the project pages: progress by category, list reordering, activity lines.
import type { Activity } from '@tracker/shared/api/issues';
import type { Status, StatusCategory } from '@tracker/shared/api/projects';
import { STATUS_CATEGORIES } from '@tracker/shared/api/values/projects';

export const CATEGORY_ORDER: readonly StatusCategory[] = STATUS_CATEGORIES;

export interface CategorySegment {
  category: StatusCategory;
  count: number;
  statuses: { id: number; name: string; color: string; count: number }[];
}

/** Issue counts per status grouped into categories (in workflow order), empty categories left out. */
export function progressByCategory(statuses: readonly Status[], progress: readonly { statusId: number; count: number }[]): CategorySegment[] {
  const counts = new Map(progress.map((p) => [p.statusId, p.count]));
  const sorted = [...statuses].sort((a, b) => a.position - b.position);
  return CATEGORY_ORDER.map((category) => {
    const list = sorted.filter((s) => s.category === category).map((s) => ({ id: s.id, name: s.name, color: s.color, count: counts.get(s.id) ?? 0 }));
    return { category, count: list.reduce((n, s) => n + s.count, 0), statuses: list };
  }).filter((segment) => segment.count > 0);
}

/** Share of done issues: completed / (all − canceled), 0–100. */
export function donePercent(issueCount: number, openCount: number): number {
  if (issueCount <= 0) return 0;
  return Math.round(((issueCount - openCount) / issueCount) * 100);
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item!);
  return next;
}

/** An i18n key under `projects.activity.` (created, status and commented: the shared `events` texts) and its values, for one activity row. */
export interface ActivityLine {
  key: string;
  values: Record<string, string>;
}

const text = (v: unknown): string => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** `userName`: who a mention named (the store's people); `statusName` likewise for statuses. */
export function activityLine(a: Activity, statusName: (id: number) => string | undefined, userName: (id: number) => string | undefined = () => undefined): ActivityLine {
  const values: Record<string, string> = { actor: a.actor?.name ?? '', issue: a.issue ? `${a.issue.key} ${a.issue.title}` : '' };
  switch (a.action) {
    case 'updated':
      switch (a.field) {
        case 'statusId':
          return { key: 'status', values: { ...values, from: statusName(a.oldValue) ?? '—', to: statusName(a.newValue) ?? '—' } };
        case 'title':
        case 'priority':
        case 'startDate':
        case 'dueDate':
        case 'estimate':
          return { key: 'changedValue', values: { ...values, field: a.field, from: text(a.oldValue), to: text(a.newValue) } };
        default:
          return { key: 'changed', values: { ...values, field: a.field } };
      }
    case 'issue.deleted':
      return { key: 'deleted', values: { ...values, issue: [a.oldValue.key, a.oldValue.title].filter(Boolean).join(' ') } };
    case 'telegram.linked':
      return { key: 'telegram_linked', values: { ...values, chat: a.newValue.chat } };
    case 'telegram.unlinked':
      return { key: 'telegram_unlinked', values: { ...values, chat: a.oldValue.chat } };
    case 'member.joined':
      return { key: 'member_joined', values };
    case 'mentioned':
      return { key: 'mentioned', values: { ...values, name: userName(a.newValue.userId) ?? '—' } };
    case 'created':
    case 'commented':
    case 'comment.edited':
    case 'comment.deleted':
    case 'relation.added':
    case 'relation.removed':
    case 'attachment.added':
    case 'attachment.removed':
    case 'stream.issue_added':
    case 'stream.issue_removed':
    case 'stream.issue_completed':
    case 'recurrence.created':
    case 'time.logged':
    case 'imported':
      return { key: a.action.replace('.', '_'), values };
    default:
      return unreachable(a);
  }
}

/** A new Activity action must get a line above: this fails to compile until it does. */
function unreachable(a: never): ActivityLine {
  return { key: 'other', values: { action: String((a as Activity).action) } };
}

/** A row added a moment ago that the server has not numbered yet (store/write-rows.ts): nothing can be asked about it. */
export const pending = (row: { id: number }) => row.id < 0;
