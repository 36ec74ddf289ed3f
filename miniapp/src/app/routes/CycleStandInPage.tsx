// STAND-IN for the cycle page (issue 29), so that the links of My work, the palette and the bot
// (`startapp=cycle_<id>`) have the route to open: the cycle's name, project and days, from the store.
// The lead's cycle page (scope, burndown, velocity) replaces it: delete this file and point
// `cycle` in app/pages.ts at that page.
import { addDays } from '@tracker/shared/dates';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Page } from '../../components/Page.tsx';
import { cycleName } from '../../lib/cycles.ts';
import { formatDayRange } from '../../lib/dates.ts';
import { useHref, useLocale } from '../../lib/use-locale.ts';
import { useRouteParams } from '../../lib/use-route-params.ts';
import { syncState } from '../../store/index.ts';

export default function CycleStandInPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const { id } = useRouteParams();
  const { cycles, projects } = useSnapshot(syncState());
  const cycle = cycles[Number(id)];
  const project = cycle ? projects[cycle.projectId] : undefined;
  if (!cycle || !project) {
    return (
      <Page name="cycle">
        <p>{t('common.nothingFound')}</p>
      </Page>
    );
  }
  return (
    <Page name="cycle" title={`${project.key} · ${cycleName(t, cycle)}`}>
      <p>{formatDayRange(cycle.startsOn, addDays(cycle.endsOn, -1), locale)}</p>
      <p>
        <Link href={href('project', { id: project.key })}>{project.name}</Link>
      </p>
    </Page>
  );
}
