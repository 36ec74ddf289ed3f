// A cycle (issue 29): its numbers, burndown and velocity from the server, its issues grouped by
// status from the issues feature's list (a slot: features import no feature).
import type { CycleDetail } from '@tracker/shared/api/cycles';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Page } from '../../../components/Page.tsx';
import { RecordPage } from '../../../components/RecordPage.tsx';
import type { IssueViews } from '../../../components/slots.ts';
import { cycleDays, cycleTitle } from '../../../lib/cycles.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { syncState } from '../../../store/index.ts';
import { useSnapshot } from 'valtio';
import { planApi } from '../api.ts';
import { BurndownTable, VelocityTable } from '../components/BurndownTable.tsx';
import { CycleFacts } from '../components/CycleFacts.tsx';
import { BurndownChart, VelocityChart } from '../components/CycleCharts.tsx';
import { CycleSwitcher } from '../components/CycleSwitcher.tsx';
import '../plan.css';

export default function CyclePage({ views }: { views: IssueViews }) {
  return (
    <RecordPage name="cycle" className="plan" load={planApi.cycle} refetchOn={(e, shown) => e.projectId === shown.projectId}>
      {(cycle) => <CycleView cycle={cycle} views={views} />}
    </RecordPage>
  );
}

function CycleView({ cycle, views }: { cycle: CycleDetail; views: IssueViews }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const project = useSnapshot(syncState()).projects[cycle.projectId];
  const { IssueList } = views;
  return (
    <Page name="cycle" className="plan" title={cycleTitle(cycle, t)}>
      <p className="plan-head">
        {project && (
          <Link href={href('project', { id: project.key })} data-testid="cycle-project">
            {project.key} · {project.name}
          </Link>
        )}
        <span data-testid="cycle-days">{cycleDays(cycle, locale)}</span>
        <span className="tag" data-testid="cycle-state">
          {t(`plan.cycle.${cycle.state}`)}
        </span>
      </p>
      <CycleSwitcher cycle={cycle} />
      <CycleFacts cycle={cycle} />
      <section aria-labelledby="cycle-burndown">
        <h2 id="cycle-burndown">{t('plan.cycle.burndown')}</h2>
        <BurndownChart points={cycle.burndown} />
        <BurndownTable points={cycle.burndown} />
      </section>
      <section aria-labelledby="cycle-velocity">
        <h2 id="cycle-velocity">{t('plan.cycle.velocity')}</h2>
        <VelocityChart velocity={cycle.velocity} />
        <VelocityTable velocity={cycle.velocity} />
      </section>
      <section aria-labelledby="cycle-issues">
        <h2 id="cycle-issues">{t('plan.cycle.byStatus')}</h2>
        {cycle.scope === 0 && cycle.state !== 'past' ? <p className="muted">{t('plan.cycle.noIssues')}</p> : <IssueList query={{ project: String(cycle.projectId), cycle: String(cycle.id) }} group="status" />}
      </section>
    </Page>
  );
}
