import { MASONRY_COLUMN_WIDTH } from '@tracker/shared/limits';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Masonry (spec §9: default column width 400 px): as many columns as fit, each item placed in the
 * currently shortest column by its estimated height, so reading order stays roughly left to right.
 */
export function Masonry<T>({ items, estimate, render, columnWidth = MASONRY_COLUMN_WIDTH, gap = 16 }: { items: readonly T[]; estimate: (item: T, width: number) => number; render: (item: T) => ReactNode; columnWidth?: number; gap?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry!.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const count = Math.max(1, Math.floor((width + gap) / (columnWidth + gap)));
  const colWidth = count > 1 ? (width - gap * (count - 1)) / count : width;
  const columns: T[][] = Array.from({ length: count }, () => []);
  const heights = new Array<number>(count).fill(0);
  for (const item of items) {
    const shortest = heights.indexOf(Math.min(...heights));
    columns[shortest]!.push(item);
    heights[shortest]! += estimate(item, colWidth) + gap;
  }
  return (
    <div ref={ref} className="masonry" style={{ gap }} data-testid="masonry" data-columns={count}>
      {columns.map((col, i) => (
        <div key={i} className="masonry__column" style={{ gap }}>
          {col.map(render)}
        </div>
      ))}
    </div>
  );
}
