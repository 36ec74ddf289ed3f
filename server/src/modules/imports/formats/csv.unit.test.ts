import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@tracker/shared/domain-errors';
import { csvFormat, sniffDelimiter } from './csv.ts';
import { guessMapping } from './csv-columns.ts';
import { categoryOf, person, priority, when } from './csv-values.ts';
import { decodeImportFile } from './decode.ts';

const reasonOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return (err as DomainError).data?.reason;
  }
  throw new Error('did not throw');
};

describe('generic CSV', () => {
  it('sniffs the delimiter from the header line, outside quotes', () => {
    expect(sniffDelimiter('a;b;c\n1,2;3')).toBe(';');
    expect(sniffDelimiter('a\tb\tc\n')).toBe('\t');
    expect(sniffDelimiter('"x;y;z",b,c\n')).toBe(',');
    expect(sniffDelimiter('title\n')).toBe(',');
  });

  it('reads quoted cells across lines and numbers rows as a spreadsheet does', () => {
    const { records, problems } = csvFormat.parse('Title\tDescription\n"Multi\tline"\t"one\ntwo"\n\n\tno title\nLast\t\n');
    expect(records.map((r) => [r.row, r.title, r.description])).toEqual([
      [2, 'Multi\tline', 'one\ntwo'],
      [4, 'Last', undefined],
    ]);
    expect(problems).toEqual([{ row: 3, code: 'emptyTitle' }]);
  });

  it('guesses the mapping from English and Russian names, each column once', () => {
    expect(guessMapping(['Ключ', 'Тема', 'Описание', 'Статус', 'Исполнитель', 'Метки', 'Срок', 'Оценка'])).toEqual({
      externalId: 'Ключ',
      title: 'Тема',
      description: 'Описание',
      status: 'Статус',
      assignee: 'Исполнитель',
      labels: 'Метки',
      dueDate: 'Срок',
      estimate: 'Оценка',
    });
    expect(guessMapping(['Issue key', 'Summary', 'Assignee', 'Due Date', 'Created'])).toMatchObject({ externalId: 'Issue key', title: 'Summary', dueDate: 'Due Date', createdAt: 'Created' });
  });

  it('names the missing title column and an unknown mapped column', () => {
    expect(reasonOf(() => csvFormat.parse('A,B\n1,2\n'))).toBe('missingColumn');
    expect(reasonOf(() => csvFormat.parse('A,B\n1,2\n', { title: 'C' }))).toBe('unknownColumn');
    expect(reasonOf(() => csvFormat.parse('{"a": 1}'))).toBe('notCsv');
  });

  it('reads people, priorities, dates and status categories as people type them', () => {
    expect(person('Anna <ANNA@x.io>')).toEqual({ email: 'anna@x.io', name: 'Anna' });
    expect(person('Boris')).toEqual({ name: 'Boris' });
    expect([priority('Высокий'), priority('normal'), priority('1'), priority('meh')]).toEqual(['high', 'medium', 'urgent', undefined]);
    expect([when('31.12.2026'), when('2026-02-03'), when('1.2.2026 9:05')]).toEqual(['2026-12-31', '2026-02-03', '2026-02-01T09:05:00Z']);
    expect(() => when('31.02.2026')).toThrow();
    expect([categoryOf('Готово'), categoryOf('In progress'), categoryOf('Отменена'), categoryOf('Backlog'), categoryOf('Новая')]).toEqual(['completed', 'started', 'canceled', 'backlog', undefined]);
  });
});

describe('decoding', () => {
  const text = 'Название;Статус\nЗадача;Готово\n';
  it('reads UTF-8 with and without a BOM, UTF-16 with a BOM, and cp1251', () => {
    expect(decodeImportFile(new TextEncoder().encode(text))).toBe(text);
    expect(decodeImportFile(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toBe(text);
    expect(decodeImportFile(new Uint8Array([0xfe, 0xff, ...iconv.encode(text, 'utf16be')]))).toBe(text);
    expect(decodeImportFile(iconv.encode(text, 'win1251'))).toBe(text);
  });

  it('refuses what is neither', () => {
    expect(reasonOf(() => decodeImportFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x14])))).toBe('encoding');
    // Latin-1 accents read as cp1251 are mostly not Cyrillic letters: no silent mojibake.
    expect(reasonOf(() => decodeImportFile(iconv.encode('Title\nCafé résumé, naïve déjà vu\nÆrø\n', 'latin1')))).toBe('encoding');
  });
});
