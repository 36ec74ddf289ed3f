// A chart's figures as a CSV file (RFC 4180), made in the browser from the rows the table shows: with
// a BOM, so a spreadsheet opens the Cyrillic as UTF-8, and CRLF line ends, as the timesheet's CSV.

const cell = (value: string | number): string => {
  const text = String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
