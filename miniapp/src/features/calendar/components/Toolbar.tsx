import { useTranslation } from 'react-i18next';
import type { ProjectSummary, StreamSummary } from '../api.ts';
import { Button } from '../../../components/Button.tsx';
import { shiftDate, VIEWS } from '../dates.ts';
import type { CalendarState } from '../url-state.ts';
import '../../../styles/segmented.css';

interface Props {
  state: CalendarState;
  period: string;
  projects: readonly ProjectSummary[];
  streams: readonly StreamSummary[];
  subscribeOpen: boolean;
  onChange: (patch: Partial<CalendarState>) => void;
  onToday: () => void;
  onSubscribe: () => void;
}

export function Toolbar({ state, period, projects, streams, subscribeOpen, onChange, onToday, onSubscribe }: Props) {
  const { t } = useTranslation();
  const unit = state.view === 'week' ? 'week' : 'month';
  return (
    <div className="cal-toolbar">
      <div className="cal-toolbar__row">
        <div className="cal-nav">
          <Button size="small" className="cal-nav__arrow" data-testid="cal-prev" aria-label={t(`calendar.prev.${unit}`)} onClick={() => onChange({ date: shiftDate(state.view, state.date, -1) })}>
            <span aria-hidden="true">‹</span>
          </Button>
          <Button size="small" data-testid="cal-today" onClick={onToday}>
            {t('calendar.today')}
          </Button>
          <Button size="small" className="cal-nav__arrow" data-testid="cal-next" aria-label={t(`calendar.next.${unit}`)} onClick={() => onChange({ date: shiftDate(state.view, state.date, 1) })}>
            <span aria-hidden="true">›</span>
          </Button>
          <h2 className="cal-period" aria-live="polite" data-testid="cal-period">
            {period}
          </h2>
        </div>
        <div className="segmented" role="group" aria-label={t('calendar.view')}>
          {VIEWS.map((view) => (
            <button key={view} type="button" className="segmented__btn" aria-pressed={state.view === view} data-testid={`cal-view-${view}`} onClick={() => onChange({ view })}>
              {t(`calendar.views.${view}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="cal-toolbar__row cal-filters">
        <label className="cal-check">
          <input type="checkbox" checked={state.mine} data-testid="cal-filter-mine" onChange={(e) => onChange({ mine: e.target.checked })} />
          {t('calendar.filters.mine')}
        </label>
        <label className="cal-filter">
          <span>{t('calendar.filters.project')}</span>
          <select className="cal-select" value={state.project ?? ''} data-testid="cal-filter-project" onChange={(e) => onChange({ project: e.target.value ? Number(e.target.value) : null })}>
            <option value="">{t('calendar.filters.allProjects')}</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.key} · {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="cal-filter">
          <span>{t('calendar.filters.stream')}</span>
          <select className="cal-select" value={state.stream ?? ''} data-testid="cal-filter-stream" onChange={(e) => onChange({ stream: e.target.value ? Number(e.target.value) : null })}>
            <option value="">{t('calendar.filters.allStreams')}</option>
            {streams.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <Button size="small" className="cal-subscribe-btn" aria-expanded={subscribeOpen} aria-controls="cal-subscribe-panel" data-testid="cal-subscribe-toggle" onClick={onSubscribe}>
          {t('calendar.feeds.open')}
        </Button>
      </div>
    </div>
  );
}
