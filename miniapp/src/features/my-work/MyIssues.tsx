// My open issues grouped by due date, each with key, title, status and priority.
import type { IssueListItem } from '@tracker/shared/api/issues';
import { weekStart } from '@tracker/shared/dates';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { today } from '../../lib/dates.ts';
import { useHref, useLocale } from '../../lib/use-locale.ts';
import { DueDate, PriorityIcon, StatusChip } from '../../components/issue/bits.tsx';
import { useProjectDetails } from '../../store/index.ts';
import { groupByDue } from './grouping.ts';

export function MyIssues({ issues }: { issues: readonly IssueListItem[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const projects = useProjectDetails(useMemo(() => issues.map((i) => i.projectId), [issues]));
  const groups = groupByDue(issues, today(), weekStart(locale));
  if (!issues.length) {
    return (
      <p className="my-work__empty" data-testid="my-work-empty">
        {t('myWork.empty')}
      </p>
    );
  }
  return (
    <div className="my-work__groups" data-testid="my-issues">
      {groups.map(({ group, items }) => (
        <section key={group} className={`my-work__group my-work__group--${group}`} data-testid={`my-group-${group}`} aria-labelledby={`my-group-${group}`}>
          <h2 id={`my-group-${group}`}>
            {t(`myWork.groups.${group}`)} <span className="my-work__count">{t('myWork.count', { count: items.length })}</span>
          </h2>
          <ul>
            {items.map((issue) => (
              <li key={issue.id} className="my-issue" data-testid="my-issue" data-issue-key={issue.key}>
                <PriorityIcon priority={issue.priority} t={t} />
                <span className="my-issue__key">{issue.key}</span>
                <Link href={href('issue', { id: issue.key })} className="my-issue__title">
                  {issue.title}
                </Link>
                <span className="my-issue__meta">
                  <StatusChip status={projects.get(issue.projectId)?.statuses.find((s) => s.id === issue.statusId)} />
                  <DueDate dueDate={issue.dueDate} completedAt={issue.completedAt} locale={locale} t={t} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
