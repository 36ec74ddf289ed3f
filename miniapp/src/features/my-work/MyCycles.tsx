// My work's "my share of the current cycle" (issue 29): a compact card per project in a cycle now
// where some of it is mine — how much of my part is done, a small bar, the days left, and the way to
// the cycle page. From the store: no request of its own.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Meter } from '../../components/ProjectBadge.tsx';
import { cycleTitle } from '../../lib/cycles.ts';
import { useHref } from '../../lib/use-locale.ts';
import { syncState } from '../../store/index.ts';
import { cycleShares } from './cycle-share.ts';

export function MyCycles({ me }: { me: number }) {
  const { t } = useTranslation();
  const href = useHref();
  const { projects, cycles, issues, evicted } = useSnapshot(syncState());
  const shares = useMemo(() => cycleShares({ projects, cycles, issues, evicted }, me), [projects, cycles, issues, evicted, me]);
  if (!shares.length) return null;
  return (
    <section className="my-work__cycles" aria-labelledby="my-cycles-title" data-testid="my-cycles">
      <h2 id="my-cycles-title">{t('myWork.cycles.title')}</h2>
      <ul>
        {shares.map(({ cycle, project, mine, done, daysLeft }) => {
          const name = `${project.key} · ${cycleTitle(cycle, t)}`;
          const percent = Math.round((done / mine) * 100);
          return (
            <li key={cycle.id} className="my-cycle" data-testid="my-cycle" data-cycle-id={cycle.id}>
              <div className="my-cycle__head">
                <Link href={href('cycle', { id: cycle.id })} className="my-cycle__name">
                  {name}
                </Link>
                <span className="my-work__count">{t('myWork.cycles.daysLeft', { count: daysLeft })}</span>
              </div>
              <Meter percent={percent} label={t('myWork.cycles.progress', { name, percent })} />
              <span className="my-cycle__done" data-testid="my-cycle-done">
                {t('myWork.cycles.done', { count: mine, done })}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
