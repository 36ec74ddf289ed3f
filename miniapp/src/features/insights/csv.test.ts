import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('insights CSV', () => {
  it('quotes what needs quoting, with a BOM and CRLF line ends', () => {
    expect(toCsv([['Неделя с', 'Заведено'], ['2026-11-23', 4], ['Say "hi", then go', 0], [' padded', 'two\nlines']])).toBe(
      '\uFEFFНеделя с,Заведено\r\n2026-11-23,4\r\n"Say ""hi"", then go",0\r\n" padded","two\nlines"\r\n',
    );
  });
});
