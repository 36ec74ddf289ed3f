// A new project's short checklist for its owners (issue 26): invite people, connect Telegram, link
// the team's group, create the first issue. Each step is ticked from the server's state; the card
// goes once all are done, or when hidden (remembered on this device).
import type { ProjectChecklist as Steps } from '@tracker/shared/api/projects';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { projectsApi } from '../api.ts';
import { config } from '../../../lib/config.ts';
import { createIssueClick } from '../../../lib/create-issue.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { useQuery } from '../../../lib/query.ts';

const hiddenKey = (projectId: number) => `tracker.checklist.hidden.${projectId}`;
const readHidden = (projectId: number) => {
  try {
    return localStorage.getItem(hiddenKey(projectId)) === '1';
  } catch {
    return false;
  }
};

export function ProjectChecklist({ project }: { project: { id: number; key: string } }) {
  const [hidden, setHidden] = useState(() => readHidden(project.id));
  if (hidden) return null;
  const hide = () => {
    setHidden(true);
    try {
      localStorage.setItem(hiddenKey(project.id), '1');
    } catch {
      // Private mode: hidden for this visit only.
    }
  };
  return <Steps project={project} onHide={hide} />;
}

function Steps({ project, onHide }: { project: { id: number; key: string }; onHide: () => void }) {
  const { t } = useTranslation();
  const href = useHref();
  const steps = useQuery(['project', 'checklist', project.id], () => projectsApi.checklist(project.id), { refetchOn: (e) => e.projectId === project.id });
  const done = steps.data;
  if (!done || Object.values(done).every(Boolean)) return null;
  const bot = config.telegramBotUsername;
  const items: [keyof Steps, ReactNode][] = [
    ['invite', <Link href={`${href('projectEditMembers', { id: project.key })}#p-invites`}>{t('projects.checklist.invite')}</Link>],
    ['telegram', <Link href={href('telegramUsernameConfirm')}>{t('projects.checklist.telegram')}</Link>],
    ['group', bot ? <a href={`https://t.me/${bot}?startgroup=true`} target="_blank" rel="noreferrer">{t('projects.checklist.group')}</a> : t('projects.checklist.group')],
    ['issue', <Link href={`${href('issueCreate')}?project=${project.key}`} onClick={createIssueClick(project.key)}>{t('projects.checklist.issue')}</Link>],
  ];

  return (
    <section className="checklist card" aria-labelledby="p-checklist" data-testid="project-checklist">
      <h2 id="p-checklist">{t('projects.checklist.title')}</h2>
      <ol className="checklist__steps">
        {items.map(([step, action]) => (
          <li key={step} data-testid={`checklist-${step}`} data-done={done[step] || undefined} className={done[step] ? 'checklist__done' : undefined}>
            <span aria-hidden="true">{done[step] ? '✓' : '○'}</span> {action}
            <span className="visually-hidden">{done[step] ? t('projects.checklist.doneMark') : ''}</span>
            {step === 'group' && !done.group && <p className="muted">{t('projects.checklist.groupHint', { key: project.key, bot: bot ? `@${bot}` : t('projects.checklist.theBot') })}</p>}
          </li>
        ))}
      </ol>
      <Button size="small" onClick={onHide} data-testid="checklist-hide">
        {t('projects.checklist.hide')}
      </Button>
    </section>
  );
}
