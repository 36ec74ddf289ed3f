import type { TableModel } from '../model.ts';

/**
 * The chart's figures as a real table, captioned: shown by the table toggle, and otherwise kept for
 * screen readers (visually hidden), which read it instead of the chart.
 */
export function InsightTable({ model, caption, shown, testId }: { model: TableModel; caption: string; shown: boolean; testId: string }) {
  return (
    <div className={shown ? 'insight-table' : 'visually-hidden'} data-testid={testId} data-shown={shown || undefined}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {model.columns.map((c, i) => (
              <th key={c} scope="col" className={i ? 'num' : undefined}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <Rows rows={model.rows} />
        </tbody>
        {model.foot.length > 0 && (
          <tfoot>
            <Rows rows={model.foot} />
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** Body or footer rows: the first cell heads its row, the figures follow. */
function Rows({ rows }: { rows: TableModel['rows'] }) {
  return rows.map((row, r) => (
    <tr key={r}>
      {row.map((cell, i) =>
        i === 0 ? (
          <th key={i} scope="row">
            {cell}
          </th>
        ) : (
          <td key={i} className="num">
            {cell}
          </td>
        ),
      )}
    </tr>
  ));
}
