// Sub-issues with progress, and relations to other issues (add by key or title, remove).
import type { RelationType } from '@tracker/shared/api/issues';
import { RELATION_TYPES } from '@tracker/shared/api/values/issues';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../../components/Button.tsx';
import { useHref } from '../../../lib/use-locale.ts';
import { issueApi } from '../../../lib/api/issue-detail.ts';
import { IssueChoice } from '../fields/choices.tsx';
import type { IssueController, IssueData } from './use-issue.ts';

export function SubIssues({ data }: { data: IssueData }) {
  const { t } = useTranslation();
  const href = useHref();
  const { issue, project } = data;
  const done = issue.children.filter((c) => c.completed).length;
  const total = issue.children.length;
  const statusName = (id: number) => project?.statuses.find((s) => s.id === id)?.name ?? '';
  const createHref = `${href('issueCreate')}?project=${encodeURIComponent(issue.project.key)}&parent=${issue.id}`;
  return (
    <section className="issue-section" aria-labelledby="sub-issues-title" data-testid="sub-issues">
      <div className="issue-section__head">
        <h2 id="sub-issues-title">{t('issues.detail.subIssues')}</h2>
        {total > 0 && (
          <span className="progress" data-testid="sub-issues-progress">
            <progress max={total} value={done} aria-label={t('issues.detail.progress', { done, total })} />
            <span>{t('issues.detail.progress', { done, total })}</span>
          </span>
        )}
        {issue.can.includes('issue.edit') && (
          <Link href={createHref} className={buttonClass({ size: 'small' })} data-testid="sub-issue-add">
            {t('issues.detail.addSubIssue')}
          </Link>
        )}
      </div>
      {total === 0 ? (
        <p className="muted">{t('issues.detail.noSubIssues')}</p>
      ) : (
        <ul className="link-list">
          {issue.children.map((c) => (
            <li key={c.id}>
              <span aria-hidden="true" className={c.completed ? 'check check--done' : 'check'}>{c.completed ? '✓' : '○'}</span>
              <Link href={href('issue', { id: c.key })}>{c.key}</Link> <span className={c.completed ? 'done-text' : undefined}>{c.title}</span>
              <span className="muted"> · {statusName(c.statusId)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Relations({ data, ctl }: { data: IssueData; ctl: IssueController }) {
  const { t } = useTranslation();
  const href = useHref();
  const { issue } = data;
  const canEdit = issue.can.includes('issue.edit');
  const [type, setType] = useState<RelationType>('relates');
  const [adding, setAdding] = useState(false);
  const typeId = useId();
  const issueId = useId();
  const groups = RELATION_TYPES.map((ty) => ({ type: ty, items: issue.relations.filter((r) => r.type === ty) })).filter((g) => g.items.length);
  return (
    <section className="issue-section" aria-labelledby="relations-title" data-testid="relations">
      <div className="issue-section__head">
        <h2 id="relations-title">{t('issues.relations.title')}</h2>
        {canEdit && !adding && (
          <Button size="small" data-testid="relation-add" onClick={() => setAdding(true)}>
            {t('issues.relations.add')}
          </Button>
        )}
      </div>
      {groups.length === 0 && <p className="muted">{t('issues.relations.none')}</p>}
      {groups.map((g) => (
        <div key={g.type} className="relation-group">
          <h3 className="relation-group__title">{t(`issues.relations.types.${g.type}`)}</h3>
          <ul className="link-list">
            {g.items.map((r) => (
              <li key={r.id} data-testid="relation-item" data-type={r.type}>
                <Link href={href('issue', { id: r.issue.key })}>{r.issue.key}</Link> {r.issue.title}
                {canEdit && (
                  <button
                    type="button"
                    className="icon-button"
                    data-testid="relation-remove"
                    aria-label={t('issues.relations.remove', { key: r.issue.key })}
                    onClick={() => void ctl.run(() => issueApi.removeRelation(issue.id, r.id))}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {adding && (
        <div className="relation-add">
          <div className="field">
            <label htmlFor={typeId}>{t('issues.relations.type')}</label>
            <select id={typeId} data-testid="relation-type" value={type} onChange={(e) => setType(e.target.value as RelationType)}>
              {RELATION_TYPES.map((ty) => (
                <option key={ty} value={ty}>
                  {t(`issues.relations.types.${ty}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label id={`${issueId}-label`} htmlFor={issueId}>
              {t('issues.relations.issue')}
            </label>
            <IssueChoice
              id={issueId}
              label={t('issues.relations.issue')}
              testid="relation-search"
              display=""
              empty={t('issues.common.searchIssue')}
              excludeId={issue.id}
              onPick={(picked) => {
                if (!picked) return;
                void ctl.run(() => issueApi.addRelation(issue.id, type, picked.key)).then((ok) => ok && setAdding(false));
              }}
            />
          </div>
          <Button size="small" onClick={() => setAdding(false)}>
            {t('issues.common.cancel')}
          </Button>
        </div>
      )}
    </section>
  );
}
