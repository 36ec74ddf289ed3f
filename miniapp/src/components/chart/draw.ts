// The charts drawn with Chartist (1.x: SVG, styled by CSS, ~10 KB gzip as used here): the insights
// and a cycle's burndown and velocity. This module is imported on demand when a chart is shown, so
// Chartist never reaches the first load, nor a page's own chunk: a table-only visit never loads it.
// Colours are CSS (chart.css) from the theme's variables, so a chart follows the light, dark and
// Telegram palettes without being drawn again.
import { BarChart, LineChart, Svg } from 'chartist';
import type { ChartModel } from './chart.ts';

// Chartist writes two style attributes (the SVG's size, its labels' overflow), which the app's
// Content-Security-Policy refuses (style-src without 'unsafe-inline'): the same declarations go in
// through the CSSOM, which the policy allows.
const setAttributes = Svg.prototype.attr as (this: Svg, attributes: Record<string, unknown>, ns?: string) => unknown;
Svg.prototype.attr = function (this: Svg, attributes: unknown, ns?: string) {
  if (attributes && typeof attributes === 'object' && typeof (attributes as { style?: unknown }).style === 'string') {
    const { style, ...rest } = attributes as { style: string };
    this.getNode<SVGElement>().style.cssText += style;
    return setAttributes.call(this, rest, ns);
  }
  return setAttributes.call(this, attributes as Record<string, unknown>, ns);
} as typeof Svg.prototype.attr;

const HEIGHT = 240;
/** Pixels a category label needs on the horizontal axis before labels are thinned out. */
const LABEL_SPACE = 56;
const BAR_ROW = 30;

export interface DrawnChart {
  detach(): void;
}

/** A category name beside horizontal bars, cut short past this many characters (the table has it whole). */
const NAME_CHARS = 24;
const shortName = (name: string) => (name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1)}…` : name);
/** Room for the longest category name beside horizontal bars. */
const nameWidth = (labels: readonly string[]) => Math.max(64, Math.max(0, ...labels.map((l) => shortName(l).length)) * 7.5 + 16);

export function drawChart(element: HTMLElement, model: ChartModel): DrawnChart {
  const data = {
    labels: model.labels,
    series: model.series.map((s) => ({ name: s.name, className: `chart-series chart-series--${s.key}`, data: s.data })),
  };
  if (model.kind === 'line') {
    // Many weeks: every n-th label at the chart's width when drawn (Chartist draws again on resize).
    const every = () => Math.max(1, Math.ceil((model.labels.length * LABEL_SPACE) / Math.max(element.clientWidth, LABEL_SPACE)));
    return new LineChart(element, data, {
      height: HEIGHT,
      low: 0,
      fullWidth: true,
      lineSmooth: false,
      showArea: model.series.length === 1,
      showPoint: model.labels.length <= 26,
      chartPadding: { top: 12, right: 24, bottom: 0, left: 0 },
      axisX: { labelInterpolationFnc: (value, index) => (index % every() === 0 ? value : null) },
      axisY: { onlyInteger: model.integer, offset: 40 },
    });
  }
  if (model.horizontal) {
    return new BarChart(element, data, {
      height: Math.max(120, model.labels.length * BAR_ROW + 40),
      horizontalBars: true,
      reverseData: true,
      low: 0,
      chartPadding: { top: 8, right: 24, bottom: 0, left: 0 },
      axisX: { onlyInteger: model.integer },
      axisY: { offset: nameWidth(model.labels), labelInterpolationFnc: (value) => shortName(String(value)) },
    });
  }
  return new BarChart(element, data, {
    height: HEIGHT,
    low: 0,
    seriesBarDistance: 14,
    chartPadding: { top: 12, right: 16, bottom: 0, left: 0 },
    axisY: { onlyInteger: model.integer, offset: 40 },
  });
}
