// The project page's plan (issue 29): its current cycle with a link to every cycle, and its milestones
// with their progress. Milestones' counts are a server query; the cycles come from the store.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { cycleDays, cycleTitle, projectCycle } from '../../../lib/cycles.ts';
import { formatDay, today } from '../../../lib/dates.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useQuery } from '../../../lib/query.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { storeCycles, syncState } from '../../../store/index.ts';
import { planApi } from '../api.ts';
import { Progress } from './Progress.tsx';
import '../plan.css';

// The form helper brings zod and react-hook-form: loaded for those who plan, after the section shows.
const MilestoneForm = lazy(() => import('./MilestoneForm.tsx'));

export function ProjectPlan({ projectId, projectKey, canPlan }: { projectId: number; projectKey: string; canPlan: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const { cycles } = useSnapshot(syncState());
  const current = projectCycle(storeCycles({ cycles }, projectId), projectId, 'current');
  const milestones = useQuery(['milestones', projectId], () => planApi.milestones(projectId), { refetchOn: (e) => e.projectId === projectId });

  return (
    <section aria-labelledby="p-plan" data-testid="project-plan">
      <h2 id="p-plan">{t('plan.cadence.title')}</h2>
      <p className="plan-list__title">
        {current ? (
          <Link href={href('cycle', { id: current.id })} data-testid="project-current-cycle">
            {cycleTitle(current, t)} · {cycleDays(current, locale)}
          </Link>
        ) : (
          <span className="muted">{t('plan.cycle.noCurrent')}</span>
        )}
        <Link href={href('projectCycles', { id: projectKey })} data-testid="project-cycles-link">
          {t('plan.cycle.all')}
        </Link>
      </p>
      <h2 id="p-milestones">{t('plan.milestone.list')}</h2>
      {milestones.error ? <FormAlert message={errorText(milestones.error, t)} /> : !milestones.data ? <Loading /> : milestones.data.length === 0 ? <p className="muted">{t('plan.milestone.empty')}</p> : null}
      {milestones.data && milestones.data.length > 0 && (
        <ul className="plan-list" aria-labelledby="p-milestones" data-testid="milestones">
          {milestones.data.map((m) => (
            <li key={m.id} data-testid="milestone">
              <span className="plan-list__title">
                <Link href={href('milestone', { id: m.id })}>◆ {m.name}</Link>
                <span className="muted">{t(m.targetDate < today() && m.completed < m.total ? 'plan.milestone.overdue' : 'plan.milestone.due', { date: formatDay(m.targetDate, locale, { day: 'numeric', month: 'short', year: 'numeric' }) })}</span>
              </span>
              <Progress completed={m.completed} total={m.total} />
            </li>
          ))}
        </ul>
      )}
      {canPlan && (
        <Suspense fallback={null}>
          <MilestoneForm projectId={projectId} onDone={() => void milestones.refetch()} />
        </Suspense>
      )}
    </section>
  );
}
