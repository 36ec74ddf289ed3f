// The peek panel (issue 15): an issue beside the list, opened by a row's click or Space, without
// leaving the list. Its properties are the issue page's own in-place pickers; Enter or the link
// opens the full page, Escape or ✕ closes it.
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { buttonClass } from '../../../components/Button.tsx';
import { ColorDot } from '../../../components/ColorDot.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Markdown } from '../../../components/Markdown.tsx';
import { useHref } from '../../../lib/use-locale.ts';
import { isPageKey } from '../../../lib/page-keys.ts';
import { Properties } from './Properties.tsx';
import { useIssueShortcuts } from './shortcuts.ts';
import { Timeline } from './Timeline.tsx';
import { useIssue } from './use-issue.ts';
import { useMe } from '../../../lib/auth.ts';
import './issue.css';
import './peek.css';
import { errorText } from '../../../lib/error-text.ts';

export default function IssuePeek({ issueRef, onClose }: { issueRef: string; onClose: () => void }) {
  const { t } = useTranslation();
  const href = useHref();
  const { state, ctl } = useIssue(issueRef);
  const me = useMe();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !isPageKey(e)) return;
      e.preventDefault();
      closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const data = state.status === 'ready' ? state.data : null;
  const [, navigate] = useLocation();
  const editHref = data ? href('issueEdit', { id: data.issue.key }) : null;
  useIssueShortcuts(!!data?.issue.can.includes('issue.edit'), useCallback(() => editHref && navigate(editHref), [navigate, editHref]));
  return (
    <aside className="peek" aria-label={t('issues.peek.label')} data-testid="issue-peek" data-issue-ref={issueRef}>
      <div className="peek__bar">
        {data && (
          <span className="peek__key">
            <ColorDot color={data.issue.project.color} />
            {data.issue.key}
          </span>
        )}
        <Link href={href('issue', { id: data?.issue.key ?? issueRef })} className={buttonClass({ size: 'small' })} data-testid="peek-open">
          {t('issues.peek.open')}
        </Link>
        <button type="button" className="peek__close" onClick={onClose} aria-label={t('issues.peek.close')} data-testid="peek-close">
          ×
        </button>
      </div>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && <FormAlert message={errorText(state.error, t)} />}
      {data && (
        <div className="peek__body">
          <h2 className="peek__title" data-testid="peek-title">
            {data.issue.title}
          </h2>
          <Properties data={data} ctl={ctl} />
          {data.issue.description.trim() ? <Markdown html={data.issue.descriptionHtml} testId="peek-description" /> : <p className="muted">{t('issues.detail.noDescription')}</p>}
          <Timeline data={data} ctl={ctl} meId={me?.id ?? null} />
        </div>
      )}
    </aside>
  );
}
