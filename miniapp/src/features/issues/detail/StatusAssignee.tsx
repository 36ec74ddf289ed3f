// The two properties a phone shows under the title (PhoneProperties.tsx) and the sidebar lists
// first (Properties.tsx): the same field components and the same optimistic patch in both places.
import type { UserRef } from '@tracker/shared/api/common';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusField } from '../fields/choice.tsx';
import { AssigneeField } from '../fields/picked.tsx';
import type { IssueController, IssueData } from './use-issue.ts';

interface Props {
  data: IssueData;
  ctl: IssueController;
}

export function StatusProp({ data, ctl }: Props) {
  const { issue, project } = data;
  const own = issue.status;
  const statuses = useMemo(() => project?.statuses ?? [own], [project, own]);
  const onChange = useCallback(
    (id: number | null) => {
      const status = statuses.find((s) => s.id === id);
      if (status) void ctl.patch({ statusId: status.id }, { statusId: status.id, status });
    },
    [statuses, ctl],
  );
  return <StatusField statuses={statuses} value={issue.statusId} disabled={!issue.can.includes('issue.edit')} testid="issue-status" onChange={onChange} />;
}

export function AssigneeProp({ data, ctl }: Props) {
  const { t } = useTranslation();
  const { issue } = data;
  const onChange = useCallback((user: UserRef | null) => void ctl.patch({ assigneeId: user?.id ?? null }, { assignee: user }), [ctl]);
  if (!issue.can.includes('issue.edit')) return <ReadOnly label={t('issues.detail.assignee')} value={issue.assignee?.name ?? t('issues.common.nobody')} />;
  return <AssigneeField value={issue.assignee} testid="issue-assignee" onChange={onChange} />;
}

export function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <div className="field">
      <span className="field__label">{label}</span>
      <span>{value}</span>
    </div>
  );
}
