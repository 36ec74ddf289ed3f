// What other features may use from the issues feature: the list and the board with a fixed filter,
// e.g. `<IssueBoard query={{ project: 'WEB' }} />` on a project page or `{ stream: '3' }` on a stream.
import { createElement, lazy, Suspense } from 'react';
import { Loading } from '../../components/Loading.tsx';
import type { IssueBoardProps } from './board/IssueBoard.tsx';

export { IssueList, type IssueListProps } from './list/IssueList.tsx';
export type { IssueBoardProps } from './board/IssueBoard.tsx';

const LazyBoard = lazy(() => import('./board/IssueBoard.tsx'));

/** The board in its own lazy chunk (drag and drop code loads only when a board is shown). */
export function IssueBoard(props: IssueBoardProps) {
  return createElement(Suspense, { fallback: createElement(Loading) }, createElement(LazyBoard, props));
}
// For My work: the issue calls, the list's row bits and the quick-add line.
export { listIssues } from './api.ts';
export { issueApi } from '../../lib/api/issue-detail.ts';
export { DueDate, PriorityIcon, StatusChip } from '../../components/issue/bits.tsx';
export { ActorLine } from '../../components/issue/ActorLine.tsx';
export { QuickAdd, useChips } from '../../components/issue/QuickAdd.tsx';
// For the app shell: the create dialog over any page (issue 15), opened through lib/create-issue.ts.
export { CreateIssueDialog } from './create/CreateIssueDialog.tsx';
