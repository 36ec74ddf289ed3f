// Every cycle of a project (issue 29), current and upcoming first, from the store; and its cadence,
// for whoever plans the project.
import { canInProject } from '@tracker/shared/permissions';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { useMe } from '../../../lib/auth.ts';
import { cycleDays, cycleStateAt, cycleTitle } from '../../../lib/cycles.ts';
import { useQuery } from '../../../lib/query.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { useRouteId } from '../../../lib/use-route-id.ts';
import { storeCycles, syncState } from '../../../store/index.ts';
import { planApi } from '../api.ts';
import '../plan.css';

const CadenceForm = lazy(() => import('../components/CadenceForm.tsx'));

const ORDER = { current: 0, upcoming: 1, past: 2 } as const;

export default function ProjectCyclesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const me = useMe();
  const ref = useRouteId();
  const { projects, cycles } = useSnapshot(syncState());
  const project = Object.values(projects).find((p) => p.key === ref || String(p.id) === ref);
  // The cadence is not in the store: the cycles' list answer carries it.
  const settings = useQuery(project ? ['cycleSettings', project.id] : null, () => planApi.cadence(project!.id));
  if (!project) return <Loading />;
  const all = storeCycles({ cycles }, project.id)
    .map((c) => ({ c, state: cycleStateAt(c) }))
    .sort((a, b) => ORDER[a.state] - ORDER[b.state] || (a.state === 'past' ? (a.c.startsOn < b.c.startsOn ? 1 : -1) : a.c.startsOn < b.c.startsOn ? -1 : 1));
  return (
    <Page name="projectCycles" className="plan" title={`${project.key} · ${t('plan.cadence.title')}`}>
      <ul className="plan-list" data-testid="cycles">
        {all.map(({ c, state }) => (
          <li key={c.id} data-testid="cycle-row">
            <span className="plan-list__title">
              <Link href={href('cycle', { id: c.id })}>{cycleTitle(c, t)}</Link>
              <span className="muted">{cycleDays(c, locale)}</span>
              <span className="tag">{t(`plan.cycle.${state}`)}</span>
            </span>
          </li>
        ))}
      </ul>
      {canInProject(project.myRole, me?.roles, 'project.plan') && settings.data && (
        <Suspense fallback={null}>
          <CadenceForm projectId={project.id} settings={settings.data.settings} onSaved={() => void settings.refetch()} />
        </Suspense>
      )}
    </Page>
  );
}
