// The line above the title: the key, the project, and the actions on the issue (watch, share to a
// chat, the full form, delete) as buttons, or on a phone in one "⋯" menu, so that the line stays one
// line and the title comes first, as in Telegram's own screens.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Button, buttonClass } from '../../../components/Button.tsx';
import { ColorDot } from '../../../components/ColorDot.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Menu, MenuItem, MenuLink } from '../../../components/Menu.tsx';
import { issueApi } from '../../../lib/api/issue-detail.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { confirmAction } from '../../../platform/confirm.ts';
import { haptic } from '../../../platform/use-main-button.ts';
import { ShareToChat, useShareToChat } from './ShareToChat.tsx';
import type { IssueController, IssueData } from './use-issue.ts';

interface Props {
  data: IssueData;
  ctl: IssueController;
  /** The actions in a menu (phones). */
  compact: boolean;
}

export function IssueHeader({ data, ctl, compact }: Props) {
  const { issue } = data;
  const href = useHref();
  const Actions = compact ? ActionsMenu : ActionButtons;
  return (
    <div className="issue-meta">
      <span className="issue-key" data-testid="issue-key">
        {issue.key}
      </span>
      <Link href={href('project', { id: issue.project.key })} className="issue-project" data-testid="issue-project">
        <ColorDot color={issue.project.color} />
        <span className="issue-project__name">{issue.project.name}</span>
      </Link>
      <Actions data={data} ctl={ctl} />
    </div>
  );
}

/** Watching toggled, and deleting after a question, wherever the actions are drawn. */
function useIssueActions({ data, ctl }: Omit<Props, 'compact'>) {
  const { t } = useTranslation();
  const href = useHref();
  const [, navigate] = useLocation();
  const { issue } = data;
  return {
    watch: () => void ctl.run(() => issueApi.watch(issue.id, !issue.watching)),
    watchText: issue.watching ? t('issues.detail.unwatch') : t('issues.detail.watch'),
    editHref: issue.can.includes('issue.edit') ? href('issueEdit', { id: issue.key }) : null,
    remove: issue.can.includes('issue.delete')
      ? async () => {
          if (!(await confirmAction({ message: t('issues.detail.confirmDelete', { key: issue.key }), confirmText: t('issues.detail.delete'), destructive: true }))) return;
          // Not through ctl.run: it would reload the issue just deleted.
          try {
            await ctl.remove(issue.id);
            haptic('success');
            navigate(href('issues'));
          } catch (err) {
            ctl.fail(err);
          }
        }
      : null,
  };
}

function ActionButtons(props: Omit<Props, 'compact'>) {
  const { t } = useTranslation();
  const { watch, watchText, editHref, remove } = useIssueActions(props);
  return (
    <span className="issue-meta__actions">
      <Button size="small" aria-pressed={props.data.issue.watching} data-testid="issue-watch" onClick={watch}>
        {watchText}
      </Button>
      <ShareToChat issueKey={props.data.issue.key} />
      {editHref && (
        <Link href={editHref} className={buttonClass({ size: 'small' })} data-testid="issue-edit-link">
          {t('issues.detail.edit')}
        </Link>
      )}
      {remove && (
        <Button variant="danger-secondary" size="small" data-testid="issue-delete" onClick={() => void remove()}>
          {t('issues.detail.delete')}
        </Button>
      )}
    </span>
  );
}

function ActionsMenu(props: Omit<Props, 'compact'>) {
  const { t } = useTranslation();
  const { watch, watchText, editHref, remove } = useIssueActions(props);
  const sharing = useShareToChat(props.data.issue.key);
  const trigger = (
    <Button variant="link" className="issue-meta__more" aria-label={t('issues.detail.actions')} data-testid="issue-actions">
      <Icon name="lucide:ellipsis" size={22} />
    </Button>
  );
  return (
    <Menu trigger={trigger} label={t('issues.detail.actions')} align="end" testId="issue-actions-menu">
      <MenuItem onSelect={watch} testId="issue-watch">
        {watchText}
      </MenuItem>
      {sharing && (
        <MenuItem onSelect={() => void sharing.share()} disabled={sharing.busy} testId="issue-share">
          {t('issues.detail.share')}
        </MenuItem>
      )}
      {editHref && (
        <MenuLink href={editHref} testId="issue-edit-link">
          {t('issues.detail.edit')}
        </MenuLink>
      )}
      {remove && (
        <MenuItem onSelect={() => void remove()} testId="issue-delete">
          {t('issues.detail.delete')}
        </MenuItem>
      )}
    </Menu>
  );
}
