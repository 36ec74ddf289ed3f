// The issues feature's list and board, for the pages that show a fixed set of issues.
import type { IssueViews } from '../../components/slots.ts';
import { IssueBoard, IssueList } from '../../features/issues/index.ts';

export const issueViews: IssueViews = { IssueList, IssueBoard };
