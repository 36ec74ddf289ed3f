// The card itself: the store's copy of the issue when it has one, else one query.
import type { IssueListItem } from '@tracker/shared/api/issues';
import { useId, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ColorDot } from '../../components/ColorDot.tsx';
import { useQuery } from '../../lib/query.ts';
import { issueApi } from '../../lib/api/issue-detail.ts';
import { syncState } from '../../store/index.ts';
import type { HoverTarget } from './IssueHover.tsx';
import './hover.css';

interface Shown {
  key: string;
  title: string;
  status: { name: string; color: string } | null;
  assignee: string | null;
}

export default function IssueCard({ target }: { target: HoverTarget }) {
  const { t } = useTranslation();
  const id = useId();
  const store = useSnapshot(syncState());
  const stored = Object.values(store.issues).find((i) => i.key === target.key) as IssueListItem | undefined;
  const held: Shown | null = stored
    ? { key: stored.key, title: stored.title, status: store.statuses[stored.statusId] ?? null, assignee: stored.assignee?.name ?? null }
    : null;
  // Not held by the store (another project's, or older than it keeps): asked once per key.
  const asked = useQuery(held ? null : ['issue', 'card', target.key], () => issueApi.get(target.key));
  const fetched: Shown | 'missing' | null = asked.data
    ? { key: asked.data.key, title: asked.data.title, status: asked.data.status, assignee: asked.data.assignee?.name ?? null }
    : asked.error !== null
      ? 'missing'
      : null;

  // The link names its card for screen readers while it is shown.
  useLayoutEffect(() => {
    target.link.setAttribute('aria-describedby', id);
    return () => target.link.removeAttribute('aria-describedby');
  }, [target.link, id]);

  const shown = held ?? (fetched === 'missing' ? null : fetched);
  const rect = target.link.getBoundingClientRect();
  const left = Math.max(8, Math.min(rect.left, window.innerWidth - 328));
  const below = rect.bottom + 140 < window.innerHeight;
  const style = below ? { left, top: rect.bottom + 6 } : { left, bottom: window.innerHeight - rect.top + 6 };
  return (
    <div role="tooltip" id={id} className="issue-card" style={style} data-testid="issue-card">
      {fetched === 'missing' && !held ? (
        <p className="issue-card__missing">{t('common.issueCard.missing', { key: target.key })}</p>
      ) : !shown ? (
        <p className="issue-card__missing">{t('common.loading')}</p>
      ) : (
        <>
          <span className="issue-card__key">{shown.key}</span>
          <strong className="issue-card__title">{shown.title}</strong>
          <span className="issue-card__meta">
            {shown.status && (
              <span className="issue-card__status">
                <ColorDot color={shown.status.color} />
                {shown.status.name}
              </span>
            )}
            <span>{shown.assignee ?? t('common.issueCard.unassigned')}</span>
          </span>
        </>
      )}
    </div>
  );
}
