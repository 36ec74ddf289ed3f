import { useEffect, useRef, useState, type Ref } from 'react';
import { log } from '../../lib/logger.ts';
import type { ChartModel } from './chart.ts';
import './chart.css';

/**
 * The chart, drawn by Chartist once its module has loaded (draw.ts, its own chunk). An image to
 * assistive technology, labelled: the figures are the table's, which is always in the page.
 */
export function ChartView({ model, label, failedText, hostRef, testid = 'chart' }: { model: ChartModel; label: string; failedText: string; hostRef?: Ref<HTMLDivElement>; testid?: string }) {
  const own = useRef<HTMLDivElement | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let drawn: { detach(): void } | null = null;
    let gone = false;
    import('./draw.ts').then(
      ({ drawChart }) => {
        if (!gone && own.current) drawn = drawChart(own.current, model);
      },
      (err: unknown) => {
        log.warn('the chart module did not load', err);
        if (!gone) setFailed(true);
      },
    );
    return () => {
      gone = true;
      drawn?.detach();
      own.current?.replaceChildren();
    };
  }, [model]);
  const setRef = (el: HTMLDivElement | null) => {
    own.current = el;
    if (typeof hostRef === 'function') hostRef(el);
    else if (hostRef) (hostRef as { current: HTMLDivElement | null }).current = el;
  };
  if (failed) return <p className="muted">{failedText}</p>;
  return <div ref={setRef} className="chart" role="img" aria-label={label} data-testid={testid} />;
}
