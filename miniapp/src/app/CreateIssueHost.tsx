// Mounted once in the layout: the create dialog when something opened it (lib/create-issue.ts). Its
// code and the issue texts load on the first open, so the shell stays small. Inside Telegram the
// full page opens instead: it has Telegram's MainButton and BackButton, which a modal cannot use.
import { buildPath } from '@tracker/shared/routes';
import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { closeCreateIssue, createIssueDialog } from '../lib/create-issue.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { useLocale } from '../lib/use-locale.ts';
import { platform } from '../platform/index.ts';

const CreateIssueDialog = lazy(() => Promise.all([import('../features/issues/index.ts'), loadNamespaces(['issues', 'plan'])]).then(([m]) => ({ default: m.CreateIssueDialog })));

export function CreateIssueHost() {
  const { open, project } = useSnapshot(createIssueDialog);
  const { tg } = useSnapshot(platform);
  const [, navigate] = useLocation();
  const locale = useLocale();
  const page = open && !!tg;

  useEffect(() => {
    if (!page) return;
    closeCreateIssue();
    navigate(buildPath('issueCreate', {}, locale) + (project ? `?project=${encodeURIComponent(project)}` : ''));
  }, [page, project, navigate, locale]);

  if (!open || page) return null;
  return (
    <Suspense fallback={null}>
      <CreateIssueDialog project={project} onClose={closeCreateIssue} />
    </Suspense>
  );
}
