import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { GROUPS, type Choice } from '../rows.ts';
import { ZOOMS } from '../scale.ts';
import type { TimelineState } from '../url-state.ts';
import '../../../styles/segmented.css';

export interface Option {
  id: number;
  label: string;
}

interface Props {
  state: TimelineState;
  period: string;
  projects: readonly Option[];
  assignees: readonly Option[];
  milestones: readonly Option[];
  cycles: readonly Option[];
  onChange: (patch: Partial<TimelineState>) => void;
  onShift: (direction: 1 | -1) => void;
  onToday: () => void;
  /** On a phone the grouping and filters fold under one line. */
  folded: boolean;
}

const value = (c: Choice) => (c === null ? '' : String(c));
const choice = (v: string): Choice => (v === '' ? null : v === 'none' ? 'none' : Number(v));

/** A filter: any, a value, or (with `noneLabel`) the field left empty. */
function Filter({ id, label, anyLabel, noneLabel, current, options, onPick }: { id: string; label: string; anyLabel: string; noneLabel?: string; current: Choice; options: readonly Option[]; onPick: (c: Choice) => void }) {
  return (
    <label className="tl-filter">
      <span>{label}</span>
      <select value={value(current)} data-testid={`tl-filter-${id}`} onChange={(e) => onPick(choice(e.target.value))}>
        <option value="">{anyLabel}</option>
        {noneLabel && <option value="none">{noneLabel}</option>}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Toolbar({ state, period, projects, assignees, milestones, cycles, onChange, onShift, onToday, folded }: Props) {
  const { t } = useTranslation();
  const active = [state.project, state.assignee, state.milestone, state.cycle].filter((c) => c !== null).length;
  const filters = (
      <div className="tl-toolbar__row tl-filters">
        <label className="tl-filter">
          <span>{t('timeline.group.label')}</span>
          <select value={state.group} data-testid="tl-group" onChange={(e) => onChange({ group: e.target.value as TimelineState['group'] })}>
            {GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`timeline.group.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="tl-filter">
          <span>{t('timeline.filters.project')}</span>
          <select value={state.project ?? ''} data-testid="tl-filter-project" onChange={(e) => onChange({ project: e.target.value ? Number(e.target.value) : null, milestone: null, cycle: null })}>
            <option value="">{t('timeline.filters.allProjects')}</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <Filter id="assignee" label={t('timeline.filters.assignee')} anyLabel={t('timeline.filters.anyone')} noneLabel={t('timeline.groups.unassigned')} current={state.assignee} options={assignees} onPick={(assignee) => onChange({ assignee })} />
        <Filter id="milestone" label={t('timeline.filters.milestone')} anyLabel={t('timeline.filters.anyMilestone')} noneLabel={t('timeline.groups.noMilestone')} current={state.milestone} options={milestones} onPick={(milestone) => onChange({ milestone })} />
        <Filter id="cycle" label={t('timeline.filters.cycle')} anyLabel={t('timeline.filters.anyCycle')} noneLabel={t('timeline.filters.noCycle')} current={state.cycle} options={cycles} onPick={(cycle) => onChange({ cycle })} />
      </div>
  );
  return (
    <div className="tl-toolbar">
      <div className="tl-toolbar__row">
        <div className="tl-nav">
          <Button size="small" data-testid="tl-prev" aria-label={t('timeline.prev')} onClick={() => onShift(-1)}>
            <span aria-hidden="true">‹</span>
          </Button>
          <Button size="small" data-testid="tl-today" onClick={onToday}>
            {t('timeline.today')}
          </Button>
          <Button size="small" data-testid="tl-next" aria-label={t('timeline.next')} onClick={() => onShift(1)}>
            <span aria-hidden="true">›</span>
          </Button>
          <h2 className="tl-period" aria-live="polite" data-testid="tl-period">
            {period}
          </h2>
        </div>
        <div className="segmented" role="group" aria-label={t('timeline.zoom.label')}>
          {ZOOMS.map((zoom) => (
            <button key={zoom} type="button" className="segmented__btn" aria-pressed={state.zoom === zoom} data-testid={`tl-zoom-${zoom}`} onClick={() => onChange({ zoom })}>
              {t(`timeline.zoom.${zoom}`)}
            </button>
          ))}
        </div>
      </div>
      {folded ? (
        <details className="tl-fold" data-testid="tl-fold">
          <summary>{active ? t('timeline.filters.labelActive', { count: active }) : t('timeline.filters.label')}</summary>
          {filters}
        </details>
      ) : (
        filters
      )}
    </div>
  );
}
