// What the app shell uses from the issues feature: the list and the board with a fixed filter (e.g.
// `<IssueBoard query={{ project: 'WEB' }} />` on a project page, `{ stream: '3' }` on a stream), and the
// create dialog over any page.
import { createElement, lazy, Suspense } from 'react';
import { Loading } from '../../components/Loading.tsx';
import type { IssueBoardProps } from './board/IssueBoard.tsx';

export { IssueList } from './list/IssueList.tsx';
export type { IssueBoardProps } from './board/IssueBoard.tsx';

const LazyBoard = lazy(() => import('./board/IssueBoard.tsx'));

/** The board in its own lazy chunk (drag and drop code loads only when a board is shown). */
export function IssueBoard(props: IssueBoardProps) {
  return createElement(Suspense, { fallback: createElement(Loading) }, createElement(LazyBoard, props));
}
// Opened through lib/create-issue.ts (issue 15).
export { CreateIssueDialog } from './create/CreateIssueDialog.tsx';
