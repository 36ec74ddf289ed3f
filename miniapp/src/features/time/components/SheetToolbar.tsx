import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { SHEET_VIEWS, shiftSheet, type SheetState } from '../sheet-state.ts';

interface Props {
  state: SheetState;
  period: string;
  projects: readonly { id: number; key: string; name: string }[];
  people: readonly { id: number; name: string }[];
  me: number | null;
  onChange: (patch: Partial<SheetState>) => void;
  onToday: () => void;
  onExport: () => void;
  exporting: boolean;
}

export function SheetToolbar({ state, period, projects, people, me, onChange, onToday, onExport, exporting }: Props) {
  const { t } = useTranslation();
  const userValue = state.user === null ? '' : String(state.user);
  return (
    <div className="sheet-toolbar">
      <div className="sheet-toolbar__row">
        <Button size="small" data-testid="sheet-prev" aria-label={t('time.sheet.prev')} onClick={() => onChange({ date: shiftSheet(state.view, state.date, -1) })}>
          <span aria-hidden="true">‹</span>
        </Button>
        <Button size="small" data-testid="sheet-today" onClick={onToday}>
          {t('time.sheet.today')}
        </Button>
        <Button size="small" data-testid="sheet-next" aria-label={t('time.sheet.next')} onClick={() => onChange({ date: shiftSheet(state.view, state.date, 1) })}>
          <span aria-hidden="true">›</span>
        </Button>
        <h2 className="sheet-period" aria-live="polite" data-testid="sheet-period">
          {period}
        </h2>
        <div className="sheet-views" role="group" aria-label={t('time.sheet.view')}>
          {SHEET_VIEWS.map((view) => (
            <Button key={view} size="small" aria-pressed={state.view === view} data-testid={`sheet-view-${view}`} onClick={() => onChange({ view })}>
              {t(`time.sheet.${view}`)}
            </Button>
          ))}
        </div>
      </div>
      <div className="sheet-toolbar__row">
        <label className="sheet-filter">
          <span>{t('time.sheet.project')}</span>
          <select
            value={state.project ?? ''}
            data-testid="sheet-project"
            onChange={(e) => onChange({ project: e.target.value ? Number(e.target.value) : null, user: state.user === 'all' && !e.target.value ? null : state.user })}
          >
            <option value="">{t('time.sheet.allProjects')}</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.key} · {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="sheet-filter">
          <span>{t('time.sheet.user')}</span>
          <select value={userValue} data-testid="sheet-user" onChange={(e) => onChange({ user: e.target.value === '' ? null : e.target.value === 'all' ? 'all' : Number(e.target.value) })}>
            <option value="">{t('time.sheet.me')}</option>
            {state.project !== null && <option value="all">{t('time.sheet.everyone')}</option>}
            {people
              .filter((p) => p.id !== me)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
          </select>
        </label>
        <Button size="small" data-testid="sheet-export" disabled={exporting} onClick={onExport}>
          {t('time.sheet.export')}
        </Button>
      </div>
    </div>
  );
}
