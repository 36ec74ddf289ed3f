import { raw } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { bindParams } from './bind-params.ts';

const platform = {
  quoteIdentifier: (id: string) => `"${id.replace('.', '"."')}"`,
  formatDate: (d: Date) => d.toISOString(),
};
const bind = (sql: string, params: unknown[]) => bindParams(sql, params, platform);

describe('bindParams', () => {
  it('turns every ? into $n and keeps the values out of the text', () => {
    expect(bind("select * from t where a = ? and b = ?", ["x' or 1=1 --", 5])).toEqual({
      text: 'select * from t where a = $1 and b = $2',
      values: ["x' or 1=1 --", 5],
    });
  });

  it('leaves ? alone inside strings, E-strings, quoted identifiers, dollar quotes and comments', () => {
    const sql = `select '?', E'it\\'s ?', "a?b", $$ ? $$, $f$ ? $f$, x -- what?\n, ? /* a ? /* nested ? */ ? */ from t`;
    const { text, values } = bind(sql, [1]);
    expect(values).toEqual([1]);
    expect(text).toBe(sql.replace(', ? /*', ', $1 /*'));
  });

  it('leaves the jsonb operators ?| and ?& alone, but ?|| is a placeholder before a concatenation', () => {
    expect(bind("select tags ?| array['a'] and tags ?& array['b'], ?||'%'", ['x'])).toEqual({
      text: "select tags ?| array['a'] and tags ?& array['b'], $1||'%'",
      values: ['x'],
    });
  });

  it('keeps MikroORM’s meanings: \\? is a literal ?, ?? an identifier', () => {
    expect(bind('select data \\? ? from ?? where id = ?', ['key', 'users.data', 3])).toEqual({
      text: 'select data ? $1 from "users"."data" where id = $2',
      values: ['key', 3],
    });
  });

  it('expands arrays into lists (in (?)) and splices raw() fragments with their own values', () => {
    expect(bind('select * from t where id in (?) and x = ? and y = ?', [[1, 2, 3], raw('lower(?)', ['A']), 7])).toEqual({
      text: 'select * from t where id in ($1, $2, $3) and x = lower($4) and y = $5',
      values: [1, 2, 3, 'A', 7],
    });
  });

  it('binds null, booleans, dates, bigints, buffers and JSON the way the ORM would have written them', () => {
    const date = new Date('2026-11-27T10:00:00.000Z');
    const buffer = Buffer.from('hi');
    const { values } = bind('select ?, ?, ?, ?, ?, ?, ?', [null, undefined, true, date, 12345678901234567890n, buffer, { a: [1] }]);
    expect(values).toEqual([null, null, true, '2026-11-27T10:00:00.000Z', '12345678901234567890', buffer, '{"a":[1]}']);
  });

  it('returns the text untouched when there is nothing to bind', () => {
    const sql = "create function f() returns text as $$ select '?' $$ language sql; select 1";
    expect(bind(sql, [])).toEqual({ text: sql, values: [] });
  });
});
