// The sticky head of the chart: the corner over the first column, the time axis in two rows, and
// the milestones lane (diamonds at their target days).
import type { Milestone } from '@tracker/shared/api/milestones';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { weekdayOf, type IsoDate, type Weekday } from '../../../lib/iso-dates.ts';
import { dayToX, scaleOf, type ScaleUnit, type TimeWindow } from '../scale.ts';

interface Props {
  window: TimeWindow;
  weekStart: Weekday;
  today: IsoDate;
  milestones: readonly Milestone[];
  /** The axis's words for a cell: `upper` is the row of the larger unit. */
  format: (unit: ScaleUnit, date: IsoDate, row: 'upper' | 'lower') => string;
  formatLong: (date: IsoDate) => string;
  corner: string;
}

/** Milestones by day (one diamond for a day's several), each name given the room up to the next diamond. */
function milestoneLanes(w: TimeWindow, milestones: readonly Milestone[]) {
  const days = new Map<IsoDate, Milestone[]>();
  for (const m of milestones) days.set(m.targetDate, [...(days.get(m.targetDate) ?? []), m]);
  const dates = [...days.keys()].sort();
  return dates.map((date, i) => {
    const next = dates[i + 1];
    const room = (next ? dayToX(w, next) : w.width + 160) - dayToX(w, date) - 24;
    return { date, list: days.get(date)!, room: Math.min(room, 160) };
  });
}

export const Axis = memo(function Axis({ window: w, weekStart, today, milestones, format, formatLong, corner }: Props) {
  const { t } = useTranslation();
  const scale = scaleOf(w, weekStart);
  const todayIn = today >= w.from && today <= w.to;
  const lanes = milestoneLanes(w, milestones);
  return (
    <div className="tl-head">
      <div className="tl-corner">{corner}</div>
      <div className="tl-scale" style={{ width: w.width }} data-testid="tl-scale" data-from={w.from} data-to={w.to} data-px={w.px}>
        <div className="tl-scale__row">
          {scale.upper.map((c) => (
            // Placed by `--x` (left), not a transform: the sticky month name inside needs an untransformed cell.
            <div key={c.date} className="tl-scale__cell tl-scale__cell--upper" style={{ ['--x' as string]: `${c.x}px`, width: c.width }}>
              <span className="tl-scale__text">{format(scale.top, c.date, 'upper')}</span>
            </div>
          ))}
        </div>
        <div className="tl-scale__row tl-scale__row--lower">
          {scale.lower.map((c) => (
            <div key={c.date} className="tl-scale__cell" data-weekend={scale.bottom === 'day' && [0, 6].includes(weekdayOf(c.date)) ? true : undefined} style={{ transform: `translateX(${c.x}px)`, width: c.width }}>
              <span className="tl-scale__text">{format(scale.bottom, c.date, 'lower')}</span>
            </div>
          ))}
          {todayIn && <div className="tl-scale__today" style={{ transform: `translateX(${dayToX(w, today)}px)`, width: w.px }} title={t('timeline.today')} />}
        </div>
        <ul className="tl-milestones" aria-label={t('timeline.milestones')}>
          {lanes.map(({ date, list, room }) => {
            const words = list.map((m) => t('timeline.milestone', { name: m.name, date: formatLong(date) })).join('; ');
            return (
              <li key={date} className="tl-milestone" style={{ transform: `translateX(${dayToX(w, date) + w.px / 2}px)` }} data-testid={`tl-milestone-${date}`} title={words}>
                <span className="tl-milestone__diamond" aria-hidden="true" />
                <span className="visually-hidden">{words}</span>
                {room > 0 && (
                  <span className="tl-milestone__name" style={{ maxWidth: room }} aria-hidden="true">
                    {list.map((m) => m.name).join(', ')}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
});
