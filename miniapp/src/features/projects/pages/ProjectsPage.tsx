import type { Project } from '@tracker/shared/api/projects';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { buttonClass } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { useHref } from '../../../lib/use-locale.ts';
import { projectsApi } from '../api.ts';
import { Meter, ProjectBadge } from '../../../components/ProjectBadge.tsx';
import { useQuery } from '../../../lib/query.ts';
import { donePercent } from '../model.ts';
import '../projects.css';
import { errorText } from '../../../lib/error-text.ts';

const FILTERS = [
  { value: '0', key: 'active' },
  { value: '1', key: 'archived' },
] as const;

export default function ProjectsPage() {
  const { t } = useTranslation();
  const href = useHref();
  const search = useSearch();
  const archived = new URLSearchParams(search).get('archived') === '1' ? '1' : '0';
  const list = useQuery(['projects', 'list', archived], () => projectsApi.list(archived), { refetchOn: (e) => e.type === 'project.updated' });

  return (
    <Page name="projects" className="projects">
      <div className="toolbar">
        <nav className="segmented" aria-label={t('projects.list.filter')}>
          {FILTERS.map((f) => (
            <Link
              key={f.value}
              href={`${href('projects')}${f.value === '1' ? '?archived=1' : ''}`}
              aria-current={archived === f.value ? 'page' : undefined}
              data-testid={`projects-filter-${f.key}`}
            >
              {t(`projects.list.${f.key}`)}
            </Link>
          ))}
        </nav>
        <Link href={href('projectCreate')} className={buttonClass({ variant: 'primary', size: 'small' })} data-testid="project-new">
          {t('projects.list.new')}
        </Link>
      </div>
      {list.loading && <Loading />}
      {list.error != null && <FormAlert message={errorText(list.error, t)} />}
      {list.data && list.data.projects.length === 0 && <p className="muted empty">{t(archived === '1' ? 'projects.list.emptyArchived' : 'projects.list.empty')}</p>}
      {list.data && list.data.projects.length > 0 && (
        <ul className="stack" data-testid="projects-list">
          {list.data.projects.map((p) => (
            <ProjectRow key={p.id} project={p} />
          ))}
        </ul>
      )}
    </Page>
  );
}

function ProjectRow({ project: p }: { project: Project }) {
  const { t } = useTranslation();
  const href = useHref();
  const percent = donePercent(p.issueCount, p.openIssueCount);
  return (
    <li className="plist__item" data-testid="project-row" data-key={p.key}>
      <ProjectBadge project={p} />
      <div className="plist__main">
        <Link href={href('project', { id: p.key })} className="plist__name">
          <span className="key">{p.key}</span> {p.name}
        </Link>
        <p className="plist__meta muted">
          {p.lead && <span>{t('projects.list.lead', { name: p.lead.name })}</span>}
          {p.myRole && <span className="tag">{t(`projects.roles.${p.myRole}`)}</span>}
          {p.archivedAt && <span className="tag tag--warn">{t('projects.list.archivedTag')}</span>}
          <span>{t('projects.list.counts', { open: p.openIssueCount, total: p.issueCount })}</span>
        </p>
      </div>
      <div className="plist__progress">
        <Meter percent={percent} label={t('projects.list.progress', { percent })} />
        <span className="muted small">{t('projects.list.progress', { percent })}</span>
      </div>
    </li>
  );
}
