// Every schema the server parses input with refuses what PostgreSQL would refuse with an error
// (issue 11, M1): NUL in text, integers beyond int4, dates outside 1900–9999. The schemas are found
// from the server's own `parse(schema, …)` calls, so a new route's schema is checked too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.resolve(here, '..');
const apiDir = path.resolve(here, '../../../shared/src/api');

/** Input numbers that are not row ids or counters: Telegram's own ids (bigint columns), Unix times, sync log positions, webhook delivery ids (bigint). */
const WIDE_NUMBERS = new Set(['telegramWidgetRequestSchema.id', 'telegramWidgetRequestSchema.auth_date', 'telegramWidgetRequestSchema.*', 'syncChangesQuerySchema.since', 'syncStreamQuerySchema.since', 'deliveryIdParam']);
/** Parsed by the server, but not from a client: our own NOTIFY payloads, our own activity rows and inbox items. */
const NOT_INPUT = new Set(['liveEventSchema', 'activitySchema', 'inboxDataSchema']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.includes('.test.') ? [full] : [];
  });
}

async function sharedSchemas(): Promise<Map<string, z.ZodType>> {
  const out = new Map<string, z.ZodType>();
  for (const file of readdirSync(apiDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod = (await import(path.join(apiDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) if (value && typeof value === 'object' && '_zod' in value) out.set(name, value as z.ZodType);
  }
  return out;
}

type Def = { type: string; format?: string; [k: string]: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Every leaf of a schema with its path (`name.field.0`), looking through wrappers, unions, pipes. */
function leaves(schema: z.ZodType, at: string, seen = new Set<unknown>()): [string, z.ZodType, Def][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (s: unknown, p: string) => leaves(s as z.ZodType, p, seen);
  switch (def.type) {
    case 'object':
      return [
        ...Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) => walk(v, `${at}.${k}`)),
        ...(def.catchall ? walk(def.catchall, `${at}.*`) : []),
      ];
    case 'array':
      return walk(def.element, `${at}.0`);
    case 'record':
      return [...walk(def.keyType, `${at}.<key>`), ...walk(def.valueType, `${at}.*`)];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => walk(o, at));
    case 'intersection':
      return [...walk(def.left, at), ...walk(def.right, at)];
    case 'pipe':
      return [...walk(def.in, at), ...walk(def.out, at)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType, at);
    default:
      return [[at, schema, def]];
  }
}

const refuses = (s: z.ZodType, value: unknown) => !s.safeParse(value).success;

describe('input schemas', async () => {
  const schemas = await sharedSchemas();
  const contract = (await import(path.join(apiDir, 'contract/index.ts'))) as Record<string, Record<string, Record<string, unknown>>>;
  /** `parse(issues.create.body, …)`: the declaration's schema (a lazy one loaded), under its exported name when it has one. */
  const declared = async (domain: string, endpoint: string, part: string): Promise<string | undefined> => {
    const given = contract[domain]?.[endpoint]?.[part] as z.ZodType | { load: () => Promise<z.ZodType> } | undefined;
    const schema = given && 'load' in given ? await given.load() : given;
    if (!schema || !('_zod' in schema)) return undefined;
    const name = [...schemas].find(([, s]) => s === schema)?.[0] ?? `${domain}.${endpoint}.${part}`;
    schemas.set(name, schema);
    return name;
  };
  const used = new Set<string>();
  for (const file of sourceFiles(serverSrc)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bparse\(\s*(\w+)\.(\w+)\.(body|query)\b|\bparse\(\s*(\w+)|\b(\w+)\.safeParse\(/g)) {
      const name = m[1] ? await declared(m[1], m[2]!, m[3]!) : (m[4] ?? m[5]!);
      if (name && schemas.has(name) && !NOT_INPUT.has(name)) used.add(name);
    }
    // A route registered from its declaration (http/route.ts) reads its body and query through it.
    for (const m of text.matchAll(/\broute\(\s*\w+,\s*(\w+)\.(\w+)\s*,/g)) {
      for (const part of ['body', 'query']) {
        const name = await declared(m[1]!, m[2]!, part);
        if (name && !NOT_INPUT.has(name)) used.add(name);
      }
    }
  }

  it('are found in the server', () => {
    expect(used.size).toBeGreaterThan(50);
    expect(used).toContain('createIssueSchema'); // parsed through its declaration, issues.create.body
    expect(used).toContain('syncChangesQuerySchema');
  });

  for (const name of [...used].sort()) {
    it(`${name} refuses NUL text, ids beyond int4 and year-0 dates`, () => {
      const problems: string[] = [];
      for (const [at, leaf, def] of leaves(schemas.get(name)!, name)) {
        if (def.type === 'string') {
          if (!refuses(leaf, 'a\u0000b')) problems.push(`${at}: takes NUL`);
          if (def.format === 'date' && !refuses(leaf, '0000-01-01')) problems.push(`${at}: takes year 0`);
          if (def.format === 'datetime' && !refuses(leaf, '0000-01-01T00:00:00Z')) problems.push(`${at}: takes year 0`);
        }
        if (def.type === 'number' && !WIDE_NUMBERS.has(at) && (!refuses(leaf, 2147483648) || !refuses(leaf, -2147483649))) problems.push(`${at}: takes numbers beyond int4`);
      }
      expect(problems).toEqual([]);
    });
  }
});
