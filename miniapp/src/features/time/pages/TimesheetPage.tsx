// `/timesheet`: logged time per person and project over a week or a month, as a grid of issues ×
// days with totals, and its CSV. Period and filters are in the query string.
import { weekStart } from '@tracker/shared/dates';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { formatDay, formatMonth } from '../../../lib/dates.ts';
import { useToday } from '../../../lib/use-minute.ts';
import { useMe } from '../../../lib/auth.ts';
import { downloadFile } from '../../../lib/file-download.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useQuery } from '../../../lib/query.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useStoreReference } from '../../../store/index.ts';
import { timeApi } from '../api.ts';
import { SheetToolbar } from '../components/SheetToolbar.tsx';
import { TimesheetGrid } from '../components/TimesheetGrid.tsx';
import { duration } from '../format.ts';
import { apiQuery, buildGrid, daysOf, parseSheetQuery, sheetQuery, sheetRange, type SheetState } from '../sheet-state.ts';
import '../time.css';

export default function TimesheetPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const todayDate = useToday();
  const state = parseSheetQuery(search, todayDate);
  const range = sheetRange(state.view, state.date, weekStart(locale));
  const me = useMe()?.id ?? null;
  const setState = (patch: Partial<SheetState>) => navigate(`${location}?${sheetQuery({ ...state, ...patch })}`);
  const query = apiQuery(state, range, me);
  const key = JSON.stringify(query);

  const asked = useQuery(['time', 'sheet', key], (signal) => timeApi.timesheet(query, signal));
  const sheet = asked.data ?? null;
  const [exportError, setError] = useState<string | null>(null);
  const loadError = asked.error ? errorText(asked.error, t) : null;
  const error = exportError ?? loadError;

  // The pickers' projects and people from the client store (empty until its first bootstrap).
  const store = useStoreReference();
  const projects = store?.projects ?? [];
  const members = useMemo(() => (store && state.project !== null ? store.members(state.project).map((m) => m.user) : []), [store, state.project]);
  const people = useMemo(() => {
    const all = new Map([...members, ...(sheet?.users ?? [])].map((u) => [u.id, u]));
    return [...all.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [members, sheet]);

  const { from, to } = range;
  const grid = useMemo(() => (sheet ? buildGrid(sheet, daysOf({ from, to })) : null), [sheet, from, to]);
  const period =
    state.view === 'month'
      ? formatMonth(range.from, locale)
      : `${formatDay(range.from, locale)} – ${formatDay(range.to, locale, { day: 'numeric', month: 'short', year: 'numeric' })}`;

  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      // The server's file as it is (with its BOM): a plain download outside Telegram, the client's own inside.
      await downloadFile(timeApi.csvPath(query), `timesheet-${range.from}-${range.to}.csv`);
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Page name="timesheet">
      <SheetToolbar
        state={state}
        period={period}
        projects={projects}
        people={people}
        me={me}
        onChange={setState}
        onToday={() => setState({ date: todayDate })}
        onExport={() => void exportCsv()}
        exporting={exporting}
      />
      {error && <FormAlert message={error} />}
      {!grid && !error && <Loading />}
      {grid && grid.rows.length === 0 && <p className="muted">{t('time.sheet.empty')}</p>}
      {grid && grid.rows.length > 0 && (
        <>
          <TimesheetGrid grid={grid} today={todayDate} />
          <p className="sheet-total" data-testid="sheet-total-line">
            {t('time.sheet.totalLine', { duration: duration(grid.total, t) })}
          </p>
        </>
      )}
    </Page>
  );
}
