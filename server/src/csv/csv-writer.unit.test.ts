import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvRows } from './csv-writer.ts';

describe('csvRows', () => {
  it('escapes every text cell that could start a formula, headers too', () => {
    const text = csvRows([
      ['=Field', 'Assignee email'],
      ['-2+3@evil.test', '+1'],
      ['@SUM(A1)', '\tx'],
      ['\rcr', 'plain'],
    ]);
    expect(parse(text)).toEqual([
      ["'=Field", 'Assignee email'],
      ["'-2+3@evil.test", "'+1"],
      ["'@SUM(A1)", "'\tx"],
      ["'\rcr", 'plain'],
    ]);
  });

  it('quotes cells a comma- or a semicolon-splitting spreadsheet would cut, so no part starts a formula', () => {
    const text = csvRows([['a;=HYPERLINK("http://evil.test")', 'x,=1+1', 'line\nbreak', 'say "hi"']]);
    expect(text).toBe('"a;=HYPERLINK(""http://evil.test"")","x,=1+1","line\nbreak","say ""hi"""\r\n');
    // A file of one `;`-cell reads back whole with either separator.
    const semicolon = csvRows([['a;=1+1']]);
    expect(parse(semicolon, { delimiter: ';' })).toEqual([['a;=1+1']]);
    expect(parse(semicolon)).toEqual([['a;=1+1']]);
  });

  it('writes numbers, booleans and empty cells as they are, CRLF line ends', () => {
    expect(csvRows([[-5, 2.5, true, false, null, undefined, '']])).toBe('-5,2.5,true,false,,,\r\n');
  });
});
