// The line above the title: the key, the project, and the actions on the issue (watch, share to a
// chat, the full form, delete).
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Button, buttonClass } from '../../../components/Button.tsx';
import { ColorDot } from '../../../components/ColorDot.tsx';
import { issueApi } from '../../../lib/api/issue-detail.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { confirmAction } from '../../../platform/confirm.ts';
import { haptic } from '../../../platform/use-main-button.ts';
import { ShareToChat } from './ShareToChat.tsx';
import type { IssueController, IssueData } from './use-issue.ts';

export function IssueHeader({ data, ctl }: { data: IssueData; ctl: IssueController }) {
  const { t } = useTranslation();
  const href = useHref();
  const [, navigate] = useLocation();
  const { issue } = data;

  const remove = async () => {
    if (!(await confirmAction({ message: t('issues.detail.confirmDelete', { key: issue.key }), confirmText: t('issues.detail.delete'), destructive: true }))) return;
    // Not through ctl.run: it would reload the issue just deleted.
    try {
      await ctl.remove(issue.id);
      haptic('success');
      navigate(href('issues'));
    } catch (err) {
      ctl.fail(err);
    }
  };

  return (
    <div className="issue-meta">
      <span className="issue-key" data-testid="issue-key">
        {issue.key}
      </span>
      <Link href={href('project', { id: issue.project.key })} className="issue-project" data-testid="issue-project">
        <ColorDot color={issue.project.color} />
        {issue.project.name}
      </Link>
      <span className="issue-meta__actions">
        <Button size="small" aria-pressed={issue.watching} data-testid="issue-watch" onClick={() => void ctl.run(() => issueApi.watch(issue.id, !issue.watching))}>
          {issue.watching ? t('issues.detail.unwatch') : t('issues.detail.watch')}
        </Button>
        <ShareToChat issueKey={issue.key} />
        {issue.can.includes('issue.edit') && (
          <Link href={href('issueEdit', { id: issue.key })} className={buttonClass({ size: 'small' })} data-testid="issue-edit-link">
            {t('issues.detail.edit')}
          </Link>
        )}
        {issue.can.includes('issue.delete') && (
          <Button variant="danger-secondary" size="small" data-testid="issue-delete" onClick={() => void remove()}>
            {t('issues.detail.delete')}
          </Button>
        )}
      </span>
    </div>
  );
}
