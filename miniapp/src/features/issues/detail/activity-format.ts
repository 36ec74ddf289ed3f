// Turns activity rows (old → new as stored ids and raw values) into readable lines: status, user,
// label and stream names, dates in the reader's locale, custom field values by type.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { Activity } from '@tracker/shared/api/issues';
import { formatDuration } from '@tracker/shared/duration-format';
import type { Locale } from '@tracker/shared/locales';
import type { TFunction } from 'i18next';
import { fieldLabel, isEmptyValue } from '../custom-fields/values.ts';
import { formatDateTime as formatInstant, formatDayValue } from '../../../lib/dates.ts';

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
  /** A cycle's and a milestone's name (issue 29). */
  cycleName: (id: number) => string | undefined;
  milestoneName: (id: number) => string | undefined;
  fields: readonly CustomField[];
}

const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

/** Adapts i18next's overloaded `t` to the plain signature these helpers use. */
export const plainT =
  (t: TFunction) =>
  (key: string, params?: Record<string, unknown>): string =>
    String(params ? t(key, params) : t(key));

/** A `YYYY-MM-DD` value as a day; anything else as it is. */
export const formatDate = formatDayValue;

/** An API timestamp with its time; anything unreadable as it is. */
export function formatDateTime(iso: string, locale: Locale): string {
  return Number.isNaN(Date.parse(iso)) ? iso : formatInstant(iso, locale);
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

function diffNames(before: readonly number[], after: readonly number[], name: (id: number) => string | undefined, unknown: string) {
  const label = (id: number) => name(id) ?? unknown;
  return { added: after.filter((id) => !before.includes(id)).map(label), removed: before.filter((id) => !after.includes(id)).map(label) };
}

/** A switch over the Activity union that misses an action fails to compile here. */
const unreachable = (a: never): ActivityLine[] => [{ text: String((a as Activity).action) }];

export function describeActivity(a: Activity, ctx: ActivityContext): ActivityLine[] {
  const { t } = ctx;
  const none = t('issues.common.none');
  const unknown = t('issues.common.unknown');
  const issueRef = (id: number) => ({ ref: ctx.issueKey(id) ?? String(id), label: ctx.issueKey(id) ?? `#${id}` });
  switch (a.action) {
    // Shown elsewhere on the timeline (the comment itself), repeating a field change, or (a deletion)
    // never on an issue's own page.
    case 'commented':
    case 'comment.edited':
    case 'stream.issue_added':
    case 'stream.issue_removed':
    case 'stream.issue_completed':
    case 'issue.deleted':
    case 'telegram.linked':
    case 'telegram.unlinked':
    case 'member.joined':
      return [];
    case 'created':
      return [{ text: t('events.kinds.created') }];
    case 'recurrence.created':
      return [{ text: t('recurrence.createdBy'), issue: { ref: a.newValue.key, label: a.newValue.key } }];
    case 'comment.deleted':
      return [{ text: t('issues.activity.commentDeleted') }];
    case 'time.logged':
      return [{ text: t('issues.activity.timeLogged', { duration: formatDuration(a.newValue.minutes, t) }) }];
    case 'imported':
      return [{ text: t(a.newValue.updated ? 'issues.activity.reimported' : 'issues.activity.imported', { format: a.newValue.format }) }];
    case 'mentioned':
      return [{ text: t('issues.activity.mentioned', { name: ctx.userName(a.newValue.userId) ?? unknown }) }];
    case 'attachment.added':
      return [{ text: t('issues.activity.attachmentAdded', { name: a.newValue.fileName }) }];
    case 'attachment.removed':
      return [{ text: t('issues.activity.attachmentRemoved', { name: a.oldValue.fileName }) }];
    case 'relation.added':
      return [{ text: t('issues.activity.relationAdded', { type: t(`issues.relations.types.${a.newValue.type}`) }), issue: issueRef(a.newValue.issueId) }];
    case 'relation.removed':
      return [{ text: t('issues.activity.relationRemoved', { type: t(`issues.relations.types.${a.oldValue.type}`) }), issue: issueRef(a.oldValue.issueId) }];
    case 'updated':
      return describeUpdate(a, ctx, none, unknown);
    default:
      return unreachable(a);
  }
}

function describeUpdate(a: Extract<Activity, { action: 'updated' }>, ctx: ActivityContext, none: string, unknown: string): ActivityLine[] {
  const { t } = ctx;
  const changed = (field: string, from: string, to: string): ActivityLine[] => [{ text: t('issues.activity.changed', { field: t(`issues.activity.fields.${field}`) }), from, to }];
  const named = (v: number | null, name: (id: number) => string | undefined) => (v === null ? none : (name(v) ?? unknown));
  const date = (v: string | null) => (v === null ? none : formatDate(v, ctx.locale));
  const key = (v: number | null) => (v === null ? none : (ctx.issueKey(v) ?? `#${v}`));
  switch (a.field) {
    case 'title':
      return changed('title', a.oldValue, a.newValue);
    case 'description':
      return [{ text: t('issues.activity.descriptionEdited') }];
    case 'statusId':
      return [{ text: t('events.kinds.statusChanged'), from: named(a.oldValue, ctx.statusName), to: named(a.newValue, ctx.statusName) }];
    case 'priority':
      return changed('priority', t(`issues.priority.${a.oldValue}`), t(`issues.priority.${a.newValue}`));
    case 'assigneeId':
      return changed('assigneeId', named(a.oldValue, ctx.userName), named(a.newValue, ctx.userName));
    case 'startDate':
    case 'dueDate':
      return changed(a.field, date(a.oldValue), date(a.newValue));
    case 'estimate':
      return changed('estimate', a.oldValue === null ? none : String(a.oldValue), a.newValue === null ? none : String(a.newValue));
    case 'parentId':
      return changed('parentId', key(a.oldValue), key(a.newValue));
    case 'cycleId':
      return changed('cycleId', named(a.oldValue, ctx.cycleName), named(a.newValue, ctx.cycleName));
    case 'milestoneId':
      return changed('milestoneId', named(a.oldValue, ctx.milestoneName), named(a.newValue, ctx.milestoneName));
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
      const before = a.oldValue;
      const after = a.newValue;
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
      return unreachable(a);
  }
}
