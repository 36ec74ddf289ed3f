// The palette's actions (issue 15): on the issue in view (the peeked one, the open one, or the list's
// active row) and global ones. Pure builders; CommandPalette runs what is chosen.
import type { IssueListItem, Priority } from '@tracker/shared/api/issues';
import { PRIORITIES } from '@tracker/shared/api/values/issues';
import type { SyncLabel, SyncStatus } from '@tracker/shared/api/sync';
import { matchRoute } from '@tracker/shared/routes';
import type { TFunction } from 'i18next';
import { COLOR_PREFERENCES, type ColorPreference } from '../../lib/color-mode.ts';

export type PaletteAction =
  | { kind: 'patch'; issueId: number; body: Record<string, unknown>; optimistic: Partial<IssueListItem> }
  | { kind: 'copy'; text: string; done: string }
  | { kind: 'navigate'; path: string }
  | { kind: 'create' }
  | { kind: 'theme'; preference: ColorPreference };

export interface ActionItem {
  id: string;
  label: string;
  hint?: string;
  action: PaletteAction;
}

/** The issue the user is looking at: the peek panel's, the issue page's, or the list's active row. */
export function contextIssueKey(doc: Pick<Document, 'querySelector'>, pathname: string): string | null {
  const peek = doc.querySelector<HTMLElement>('[data-testid="issue-peek"]')?.dataset.issueRef;
  if (peek) return peek.toUpperCase();
  const match = matchRoute(pathname);
  if (match?.route.name === 'issue' && match.params.id) return match.params.id.toUpperCase();
  return doc.querySelector<HTMLElement>('.issue-row--active')?.dataset.issueKey ?? null;
}

/** A cycle as the palette offers it: its id and its name ("Cycle 12"). */
export interface CycleItem {
  id: number;
  name: string;
}

interface IssueContext {
  issue: IssueListItem;
  statuses: readonly SyncStatus[];
  labels: readonly SyncLabel[];
  me: { id: number; name: string } | null;
  url: string;
  editPath: string;
  /** The issue's project's current and next cycles, and the one the issue is in (issue 29). */
  cycles?: { current: CycleItem | null; next: CycleItem | null; its: CycleItem | null };
}

export function issueActions(t: TFunction, c: IssueContext): ActionItem[] {
  const { issue } = c;
  const patch = (id: string, label: string, body: Record<string, unknown>, optimistic: Partial<IssueListItem>): ActionItem => ({
    id,
    label,
    hint: issue.key,
    action: { kind: 'patch', issueId: issue.id, body, optimistic },
  });
  const items: ActionItem[] = [];
  if (c.me && issue.assignee?.id !== c.me.id) items.push(patch('assign-me', t('issues.palette.actions.assignMe'), { assigneeId: c.me.id }, { assignee: { id: c.me.id, name: c.me.name } }));
  for (const s of [...c.statuses].sort((a, b) => a.position - b.position)) {
    if (s.id !== issue.statusId) items.push(patch(`status-${s.id}`, t('issues.palette.actions.status', { name: s.name }), { statusId: s.id }, { statusId: s.id }));
  }
  for (const p of PRIORITIES) {
    if (p !== issue.priority) items.push(patch(`priority-${p}`, t('issues.palette.actions.priority', { name: t(`issues.filters.priorities.${p}`) }), { priority: p }, { priority: p as Priority }));
  }
  for (const l of c.labels) {
    const has = issue.labelIds.includes(l.id);
    const labelIds = has ? issue.labelIds.filter((id) => id !== l.id) : [...issue.labelIds, l.id];
    items.push(patch(`label-${l.id}`, t(has ? 'issues.palette.actions.removeLabel' : 'issues.palette.actions.addLabel', { name: l.name }), { labelIds }, { labelIds }));
  }
  const cycles = c.cycles;
  if (cycles?.current && issue.cycleId !== cycles.current.id) items.push(patch('cycle-current', t('issues.palette.actions.addToCurrentCycle', { name: cycles.current.name }), { cycleId: cycles.current.id }, { cycleId: cycles.current.id }));
  if (cycles?.next && issue.cycleId !== cycles.next.id) items.push(patch('cycle-next', t('issues.palette.actions.moveToNextCycle', { name: cycles.next.name }), { cycleId: cycles.next.id }, { cycleId: cycles.next.id }));
  if (issue.cycleId !== null && issue.cycleId !== undefined) items.push(patch('cycle-remove', t('issues.palette.actions.removeFromCycle', { name: cycles?.its?.name ?? '' }), { cycleId: null }, { cycleId: null }));
  items.push({ id: 'move', label: t('issues.palette.actions.move'), hint: issue.key, action: { kind: 'navigate', path: c.editPath } });
  items.push({ id: 'copy-link', label: t('issues.palette.actions.copyLink'), hint: issue.key, action: { kind: 'copy', text: c.url, done: t('issues.palette.actions.linkCopied') } });
  items.push({ id: 'copy-key', label: t('issues.palette.actions.copyKey'), hint: issue.key, action: { kind: 'copy', text: issue.key, done: t('issues.palette.actions.keyCopied', { key: issue.key }) } });
  return items;
}

export function globalActions(t: TFunction, c: { projectCreatePath: string; otherLocalePath: string; otherLocaleName: string; preference: ColorPreference }): ActionItem[] {
  return [
    { id: 'create-issue', label: t('issues.palette.actions.createIssue'), hint: 'C', action: { kind: 'create' } },
    { id: 'create-project', label: t('issues.palette.actions.createProject'), action: { kind: 'navigate', path: c.projectCreatePath } },
    ...COLOR_PREFERENCES.filter((p) => p !== c.preference).map((p) => ({ id: `theme-${p}`, label: t('issues.palette.actions.theme', { name: t(`common.colorMode.${p}`) }), action: { kind: 'theme' as const, preference: p } })),
    { id: 'language', label: t('issues.palette.actions.language', { name: c.otherLocaleName }), action: { kind: 'navigate', path: c.otherLocalePath } },
  ];
}

/** "Go to current cycle" of each project given (the one in view, else mine that are in a cycle), its key as the hint. */
export function cycleActions(t: TFunction, current: readonly { projectKey: string; cycle: CycleItem; path: string }[]): ActionItem[] {
  return current.map((c) => ({ id: `cycle-go-${c.cycle.id}`, label: t('issues.palette.actions.goToCurrentCycle', { name: c.cycle.name }), hint: c.projectKey, action: { kind: 'navigate', path: c.path } }));
}

/** Items whose label contains every word typed, in any order. */
export function matchAction(item: ActionItem, text: string): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const hay = `${item.label} ${item.hint ?? ''}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}
