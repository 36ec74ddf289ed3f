// Turns activity rows (old → new as stored ids and raw values) into readable lines: status, user,
// label and stream names, dates in the reader's locale, custom field values by type.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { Activity } from '@tracker/shared/api/issues';
import type { Locale } from '@tracker/shared/locales';
import type { TFunction } from 'i18next';
import { fieldLabel, isEmptyValue } from '../custom-fields/values.ts';

export interface ActivityLine {
  /** Translated sentence after the actor's name ("changed the status"). */
  text: string;
  from?: string;
  to?: string;
  /** An issue the line points at (relations, parent). */
  issue?: { ref: string; label: string };
}

export interface ActivityContext {
  t: (key: string, params?: Record<string, unknown>) => string;
  locale: Locale;
  statusName: (id: number) => string | undefined;
  labelName: (id: number) => string | undefined;
  streamName: (id: number) => string | undefined;
  userName: (id: number) => string | undefined;
  issueKey: (id: number) => string | undefined;
  fields: readonly CustomField[];
}

/** Activity that the timeline shows elsewhere (the comment itself) or that repeats a field change. */
const HIDDEN = new Set(['commented', 'comment.edited', 'stream.issue_added', 'stream.issue_removed', 'stream.issue_completed']);

const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

/** Adapts i18next's overloaded `t` to the plain signature these helpers use. */
export const plainT =
  (t: TFunction) =>
  (key: string, params?: Record<string, unknown>): string =>
    String(params ? t(key, params) : t(key));

export function formatDate(value: string, locale: Locale): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return value;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
}

export function formatDateTime(iso: string, locale: Locale): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** A custom field value as text (option names, user names, yes/no, local dates). */
export function formatCustomValue(field: CustomField, value: unknown, ctx: Pick<ActivityContext, 't' | 'locale' | 'userName'>): string {
  if (isEmptyValue(value)) return ctx.t('issues.common.none');
  const option = (id: unknown) => field.options.find((o) => o.id === id)?.name ?? ctx.t('issues.common.unknown');
  switch (field.type) {
    case 'checkbox':
      return ctx.t(value ? 'issues.common.yes' : 'issues.common.no');
    case 'date':
      return typeof value === 'string' ? formatDate(value, ctx.locale) : String(value);
    case 'number':
      return typeof value === 'number' ? new Intl.NumberFormat(ctx.locale).format(value) : String(value);
    case 'user':
      return typeof value === 'number' ? (ctx.userName(value) ?? ctx.t('issues.common.userN', { id: value })) : String(value);
    case 'select':
      return option(value);
    case 'multiselect':
      return ids(value).map(option).join(', ');
    default:
      return String(value);
  }
}

function diffNames(oldV: unknown, newV: unknown, name: (id: number) => string | undefined, unknown: string) {
  const before = ids(oldV);
  const after = ids(newV);
  const label = (id: number) => name(id) ?? unknown;
  return { added: after.filter((id) => !before.includes(id)).map(label), removed: before.filter((id) => !after.includes(id)).map(label) };
}

export function describeActivity(a: Activity, ctx: ActivityContext): ActivityLine[] {
  const { t } = ctx;
  const none = t('issues.common.none');
  const unknown = t('issues.common.unknown');
  if (HIDDEN.has(a.action)) return [];
  const issueRef = (id: unknown) => (typeof id === 'number' ? { ref: ctx.issueKey(id) ?? String(id), label: ctx.issueKey(id) ?? `#${id}` } : undefined);
  switch (a.action) {
    case 'created':
      return [{ text: t('issues.activity.created') }];
    case 'comment.deleted':
      return [{ text: t('issues.activity.commentDeleted') }];
    case 'mentioned': {
      const userId = obj(a.newValue).userId;
      return [{ text: t('issues.activity.mentioned', { name: typeof userId === 'number' ? (ctx.userName(userId) ?? unknown) : unknown }) }];
    }
    case 'attachment.added':
      return [{ text: t('issues.activity.attachmentAdded', { name: String(obj(a.newValue).fileName ?? '') }) }];
    case 'attachment.removed':
      return [{ text: t('issues.activity.attachmentRemoved', { name: String(obj(a.oldValue).fileName ?? '') }) }];
    case 'relation.added':
    case 'relation.removed': {
      const v = obj(a.action === 'relation.added' ? a.newValue : a.oldValue);
      const type = typeof v.type === 'string' ? t(`issues.relations.types.${v.type}`) : unknown;
      return [{ text: t(a.action === 'relation.added' ? 'issues.activity.relationAdded' : 'issues.activity.relationRemoved', { type }), issue: issueRef(v.issueId) }];
    }
    case 'updated':
      return describeUpdate(a, ctx, none, unknown);
    default:
      return [{ text: t('issues.activity.other', { action: a.action }) }];
  }
}

function describeUpdate(a: Activity, ctx: ActivityContext, none: string, unknown: string): ActivityLine[] {
  const { t } = ctx;
  const changed = (field: string, from: string, to: string): ActivityLine[] => [{ text: t('issues.activity.changed', { field: t(`issues.activity.fields.${field}`) }), from, to }];
  const named = (v: unknown, name: (id: number) => string | undefined) => (typeof v === 'number' ? (name(v) ?? unknown) : none);
  switch (a.field) {
    case 'title':
      return changed('title', String(a.oldValue ?? ''), String(a.newValue ?? ''));
    case 'description':
      return [{ text: t('issues.activity.descriptionEdited') }];
    case 'statusId':
      return changed('statusId', named(a.oldValue, ctx.statusName), named(a.newValue, ctx.statusName));
    case 'priority':
      return changed('priority', t(`issues.priority.${String(a.oldValue ?? 'none')}`), t(`issues.priority.${String(a.newValue ?? 'none')}`));
    case 'assigneeId':
      return changed('assigneeId', named(a.oldValue, ctx.userName), named(a.newValue, ctx.userName));
    case 'startDate':
    case 'dueDate':
      return changed(a.field, typeof a.oldValue === 'string' ? formatDate(a.oldValue, ctx.locale) : none, typeof a.newValue === 'string' ? formatDate(a.newValue, ctx.locale) : none);
    case 'estimate':
      return changed('estimate', a.oldValue == null ? none : String(a.oldValue), a.newValue == null ? none : String(a.newValue));
    case 'parentId': {
      const line = changed('parentId', typeof a.oldValue === 'number' ? (ctx.issueKey(a.oldValue) ?? `#${a.oldValue}`) : none, typeof a.newValue === 'number' ? (ctx.issueKey(a.newValue) ?? `#${a.newValue}`) : none);
      return line;
    }
    case 'labelIds':
    case 'streamIds': {
      const { added, removed } = diffNames(a.oldValue, a.newValue, a.field === 'labelIds' ? ctx.labelName : ctx.streamName, unknown);
      const kind = a.field === 'labelIds' ? 'labels' : 'streams';
      const lines: ActivityLine[] = [];
      if (added.length) lines.push({ text: t(`issues.activity.${kind}Added`, { names: added.join(', ') }) });
      if (removed.length) lines.push({ text: t(`issues.activity.${kind}Removed`, { names: removed.join(', ') }) });
      return lines;
    }
    case 'customValues': {
      const before = obj(a.oldValue);
      const after = obj(a.newValue);
      return [...new Set([...Object.keys(before), ...Object.keys(after)])].map((id) => {
        const field = ctx.fields.find((f) => String(f.id) === id);
        if (!field) return { text: t('issues.activity.changed', { field: t('issues.activity.fields.customField') }) };
        return {
          text: t('issues.activity.changed', { field: fieldLabel(field, ctx.locale) }),
          from: formatCustomValue(field, before[id], ctx),
          to: formatCustomValue(field, after[id], ctx),
        };
      });
    }
    default:
      return [{ text: t('issues.activity.changed', { field: a.field ?? unknown }) }];
  }
}
