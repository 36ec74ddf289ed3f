import type { AdminStats } from '@tracker/shared/api/admin';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates.ts';
import { useLocale } from '../../../lib/use-locale.ts';

const W = 600;
const H = 160;
const PAD = { left: 28, bottom: 18, top: 8 };

/** Sign-ups and new issues per day as paired bars, in plain SVG (no chart library). */
export function DailyChart({ daily }: { daily: AdminStats['daily'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // A calendar day (`2026-10-26`) in the reader's words ("26 окт." / "Oct 26").
  const dayOf = (date: string) => formatDay(date, locale);
  const max = Math.max(1, ...daily.map((d) => Math.max(d.signups, d.issues)));
  const slot = (W - PAD.left) / Math.max(1, daily.length);
  const bar = Math.max(1, slot / 2 - 1);
  const y = (v: number) => H - PAD.bottom - (v / max) * (H - PAD.bottom - PAD.top);
  return (
    <figure>
      <svg className="admin-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('admin.dashboard.chartLabel')} data-testid="admin-chart">
        <line className="axis" x1={PAD.left} x2={W} y1={H - PAD.bottom} y2={H - PAD.bottom} />
        <text x={PAD.left - 4} y={PAD.top + 8} textAnchor="end">{max}</text>
        <text x={PAD.left - 4} y={H - PAD.bottom} textAnchor="end">0</text>
        {daily.map((d, i) => {
          const x = PAD.left + i * slot;
          return (
            <g key={d.date}>
              <title>{`${dayOf(d.date)}: ${t('admin.dashboard.signups')} ${d.signups}, ${t('admin.dashboard.issuesCreated')} ${d.issues}`}</title>
              <rect className="bar-signups" x={x} y={y(d.signups)} width={bar} height={H - PAD.bottom - y(d.signups)} />
              <rect className="bar-issues" x={x + bar + 1} y={y(d.issues)} width={bar} height={H - PAD.bottom - y(d.issues)} />
              {(i === 0 || i === daily.length - 1) && (
                <text x={x + slot / 2} y={H - 4} textAnchor={i === 0 ? 'start' : 'end'}>
                  {dayOf(d.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="admin-legend">
        <span>
          <i className="bar-signups" />
          {t('admin.dashboard.signups')}
        </span>
        <span>
          <i className="bar-issues" />
          {t('admin.dashboard.issuesCreated')}
        </span>
      </figcaption>
    </figure>
  );
}
