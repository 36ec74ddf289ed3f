// Issues down, days across, totals on the right and at the bottom. The table scrolls sideways on a
// narrow screen (a month is 31 columns) with the issue column held in place.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDay, formatWeekday } from '../../../lib/dates.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { duration } from '../format.ts';
import type { Grid } from '../sheet-state.ts';

export function TimesheetGrid({ grid, today }: { grid: Grid; today: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const cell = (minutes: number | undefined) => (minutes ? duration(minutes, t) : '');
  return (
    <div className="sheet-scroll" role="region" aria-label={t('time.sheet.caption')} tabIndex={0}>
      <table className="sheet" data-testid="timesheet-grid">
        <caption className="visually-hidden">{t('time.sheet.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="sheet__issue">
              {t('time.sheet.issue')}
            </th>
            {grid.days.map((d) => (
              <th key={d} scope="col" className={d === today ? 'sheet__today' : undefined}>
                <span className="sheet__weekday">{formatWeekday(d, locale)}</span>
                <span>{formatDay(d, locale, { day: 'numeric' })}</span>
              </th>
            ))}
            <th scope="col">{t('time.sheet.total')}</th>
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row) => (
            <tr key={row.issue.id} data-testid="timesheet-row" data-issue-key={row.issue.key}>
              <th scope="row" className="sheet__issue">
                <Link href={href('issue', { id: row.issue.key })} title={row.issue.title}>
                  <span className="sheet__key">{row.issue.key}</span> <span className="sheet__title">{row.issue.title}</span>
                </Link>
              </th>
              {grid.days.map((d) => (
                <td key={d} data-date={d}>
                  {cell(row.byDay.get(d))}
                </td>
              ))}
              <td className="sheet__sum" data-testid="timesheet-row-total">
                {cell(row.total)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="sheet__issue">
              {t('time.sheet.total')}
            </th>
            {grid.days.map((d) => (
              <td key={d} className="sheet__sum">
                {cell(grid.dayTotals.get(d))}
              </td>
            ))}
            <td className="sheet__sum" data-testid="timesheet-total">
              {duration(grid.total, t)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
