// What a chart draws (components/chart/draw.ts): its kind, its categories and its series. The
// insights charts and a cycle's burndown and velocity make one from their answers.
export interface ChartSeries {
  /** Names the colour (`chart-series--<key>`, chart.css) and a legend's swatch. */
  key: string;
  name: string;
  data: number[];
}

export interface ChartModel {
  kind: 'line' | 'bar';
  horizontal: boolean;
  /** The values are counts: the value axis has whole steps only. */
  integer: boolean;
  labels: string[];
  series: ChartSeries[];
}
