// The previous and next cycles of the project, from the store: a cycle page leads to its neighbours.
import type { Cycle } from '@tracker/shared/api/cycles';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { cycleTitle } from '../../../lib/cycles.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { storeCycles, syncState } from '../../../store/index.ts';

export function CycleSwitcher({ cycle }: { cycle: Pick<Cycle, 'id' | 'projectId'> }) {
  const { t } = useTranslation();
  const href = useHref();
  const { cycles } = useSnapshot(syncState());
  const all = storeCycles({ cycles }, cycle.projectId);
  const at = all.findIndex((c) => c.id === cycle.id);
  if (at < 0) return null;
  const prev = all[at - 1];
  const next = all[at + 1];
  return (
    <nav className="cycle-switcher" aria-label={t('plan.cycle.all')}>
      {prev ? (
        <Link href={href('cycle', { id: prev.id })} data-testid="cycle-prev">
          ← {cycleTitle(prev, t)}
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link href={href('cycle', { id: next.id })} data-testid="cycle-next">
          {cycleTitle(next, t)} →
        </Link>
      )}
    </nav>
  );
}
