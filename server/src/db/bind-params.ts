import { isRaw, JsonProperty, Utils } from '@mikro-orm/core';

/** What turns MikroORM's `?`/`??` placeholders into PostgreSQL's: identifiers and dates the ORM's own way. */
export interface BindPlatform {
  quoteIdentifier(id: string): string;
  formatDate(date: Date): string;
}

export interface BoundQuery {
  text: string;
  values: unknown[];
}

const identifierChar = /[A-Za-z0-9_$\u0080-\uffff]/;
const dollarTag = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

/**
 * MikroORM's placeholders as PostgreSQL parameters: `?` → `$n` with the value in `values`, where
 * MikroORM's `formatQuery` would inline it as a literal (so PostgreSQL had to parse and plan every
 * statement anew). Same meanings as `formatQuery` otherwise — `??` is a quoted identifier, `\?` a
 * literal `?`, an array expands to a list (`in (?)`), a plain object becomes JSON, a `raw()` value
 * is spliced in with its own parameters — except that a `?` inside a string, quoted identifier,
 * dollar quote or comment is left alone, and so are the jsonb operators `?|` and `?&`.
 */
export function bindParams(sql: string, params: readonly unknown[], platform: BindPlatform): BoundQuery {
  const values: unknown[] = [];
  const text = bindInto(sql, params, platform, values);
  return { text, values };
}

function bindInto(sql: string, params: readonly unknown[], platform: BindPlatform, values: unknown[]): string {
  if (params.length === 0 && !sql.includes('\\?')) return sql;
  let out = '';
  let from = 0;
  let next = 0;
  let i = 0;
  const n = sql.length;
  const value = () => expand(params[next++], platform, values);
  while (i < n) {
    const c = sql[i]!;
    const d = sql[i + 1];
    if (c === "'") {
      // E'…' strings take backslash escapes; standard strings only double the quote.
      const escapes = i > 0 && (sql[i - 1] === 'E' || sql[i - 1] === 'e') && !identifierChar.test(sql[i - 2] ?? ' ');
      i = skipQuoted(sql, i, "'", escapes);
    } else if (c === '"') {
      i = skipQuoted(sql, i, '"', false);
    } else if (c === '-' && d === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
    } else if (c === '/' && d === '*') {
      i = skipBlockComment(sql, i);
    } else if (c === '$' && !identifierChar.test(sql[i - 1] ?? ' ') && dollarTag.test(sql.slice(i, i + 64))) {
      const tag = dollarTag.exec(sql.slice(i, i + 64))![0];
      const end = sql.indexOf(tag, i + tag.length);
      i = end === -1 ? n : end + tag.length;
    } else if (c === '\\' && d === '?') {
      out += sql.slice(from, i) + '?';
      i += 2;
      from = i;
    } else if (c === '?' && d === '?') {
      out += sql.slice(from, i) + platform.quoteIdentifier(params[next++] as string);
      i += 2;
      from = i;
    } else if (c === '?' && (d === '|' || d === '&') && sql[i + 2] !== d) {
      i += 2; // jsonb ?| / ?& (but `?||` is a placeholder followed by concatenation)
    } else if (c === '?') {
      out += sql.slice(from, i) + value();
      i += 1;
      from = i;
    } else i += 1;
  }
  return out + sql.slice(from);
}

function skipQuoted(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (backslashEscapes && c === '\\') i += 2;
    else if (c === quote && sql[i + 1] === quote) i += 2;
    else if (c === quote) return i + 1;
    else i += 1;
  }
  return i;
}

function skipBlockComment(sql: string, start: number): number {
  // PostgreSQL's block comments nest.
  let depth = 0;
  let i = start;
  while (i < sql.length) {
    if (sql[i] === '/' && sql[i + 1] === '*') {
      depth += 1;
      i += 2;
    } else if (sql[i] === '*' && sql[i + 1] === '/') {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else i += 1;
  }
  return i;
}

function expand(value: unknown, platform: BindPlatform, values: unknown[]): string {
  if (isRaw(value)) return bindInto(value.sql, value.params, platform, values);
  if (Array.isArray(value) && !(value as { [JsonProperty]?: boolean })[JsonProperty]) {
    return value.map((item) => expand(item, platform, values)).join(', ');
  }
  values.push(toParam(value, platform));
  return `$${values.length}`;
}

function toParam(value: unknown, platform: BindPlatform): unknown {
  if (value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return platform.formatDate(value);
  if (ArrayBuffer.isView(value)) return value;
  if (Utils.isPlainObject(value) || (value as { [JsonProperty]?: boolean } | null)?.[JsonProperty]) return JSON.stringify(value);
  return value;
}
