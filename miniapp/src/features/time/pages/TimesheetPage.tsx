// `/timesheet`: logged time per person and project over a week or a month, as a grid of issues ×
// days with totals, and its CSV. Period and filters are in the query string.
import type { TimesheetResponse } from '@tracker/shared/api/time';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { downloadFile } from '../../../lib/file-download.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { auth } from '../../auth/index.ts';
import { today, weekStartFor } from '../../calendar/index.ts';
import { timeApi } from '../api.ts';
import { SheetToolbar } from '../components/SheetToolbar.tsx';
import { TimesheetGrid } from '../components/TimesheetGrid.tsx';
import { duration, formatDay } from '../format.ts';
import { apiQuery, buildGrid, daysOf, parseSheetQuery, sheetQuery, sheetRange, type SheetState } from '../sheet-state.ts';
import '../time.css';

export default function TimesheetPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const todayDate = today();
  const state = parseSheetQuery(search, todayDate);
  const range = sheetRange(state.view, state.date, weekStartFor(locale));
  const me = useSnapshot(auth.state).user?.id ?? null;
  const setState = (patch: Partial<SheetState>) => navigate(`${location}?${sheetQuery({ ...state, ...patch })}`);
  const query = apiQuery(state, range, me);
  const key = JSON.stringify(query);

  const [sheet, setSheet] = useState<TimesheetResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const ac = new AbortController();
    setSheet(null);
    timeApi.timesheet(JSON.parse(key) as typeof query, ac.signal).then(
      (r) => (setSheet(r), setError(null)),
      (err: unknown) => !ac.signal.aborted && setError(errorText(err, t)),
    );
    return () => ac.abort();
  }, [key, t]);

  const [projects, setProjects] = useState<{ id: number; key: string; name: string }[]>([]);
  useEffect(() => {
    timeApi.projects().then((r) => setProjects(r.projects), () => undefined);
  }, []);
  const [members, setMembers] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    if (state.project === null) return setMembers([]);
    timeApi.project(state.project).then((r) => setMembers(r.members.map((m) => m.user)), () => setMembers([]));
  }, [state.project]);
  const people = useMemo(() => {
    const all = new Map([...members, ...(sheet?.users ?? [])].map((u) => [u.id, u]));
    return [...all.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [members, sheet]);

  const { from, to } = range;
  const grid = useMemo(() => (sheet ? buildGrid(sheet, daysOf({ from, to })) : null), [sheet, from, to]);
  const period =
    state.view === 'month'
      ? formatDay(range.from, locale, { month: 'long', year: 'numeric' })
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
