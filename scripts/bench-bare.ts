// The ceiling users would recognise (issue 28): a bare handler, node:http and pg with nothing else,
// answering the issue list as the product does — the same session statement, the same list query
// (listIssues' own SQL, row mapping and cursors), JSON compressed as the product compresses it —
// under the same connections. The product's lists are printed as a share of it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { EntityManager } from '@mikro-orm/postgresql';
import { issueListQuerySchema } from '@tracker/shared/api/issues';
import pg from 'pg';
import { SESSION_COOKIE } from '../server/src/http/session.ts';
import { SESSION_USER_SQL } from '../server/src/http/session.repository.ts';
import { signingKeys } from '../server/src/http/signing-keys.ts';
import { cursorCodec } from '../server/src/modules/issues/issue-cursor.ts';
import { listIssues } from '../server/src/modules/issues/issue-list.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** `?` placeholders as pg's `$n`, each statement prepared once per connection under its own name. */
function preparedQueries(pool: pg.Pool) {
  const names = new Map<string, { name: string; text: string }>();
  return async (sql: string, params: unknown[] = []) => {
    let statement = names.get(sql);
    if (!statement) {
      let n = 0;
      statement = { name: `bare_${names.size}`, text: sql.replace(/\?/g, () => `$${++n}`) };
      names.set(sql, statement);
    }
    return (await pool.query({ ...statement, values: params })).rows;
  };
}

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export interface BareServer {
  base: string;
  close(): Promise<void>;
}

export async function startBareServer(databaseUrl: string, secret: string, poolMax: number): Promise<BareServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax });
  const query = preparedQueries(pool);
  // listIssues asks its handle for `execute(sql, params)`; nothing else of an EntityManager.
  const em = { execute: query } as unknown as EntityManager;
  const keys = signingKeys([secret]);
  const cursors = cursorCodec(secret);
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://bare');
      if (url.pathname !== '/api/issues') return void res.writeHead(404).end();
      // koa-session's signed cookie, checked as the product checks it.
      const sid = cookie(req.headers.cookie, SESSION_COOKIE);
      const sig = cookie(req.headers.cookie, `${SESSION_COOKIE}.sig`);
      if (!sid || !sig || !keys.verify(`${SESSION_COOKIE}=${sid}`, sig)) return void res.writeHead(401).end();
      const [user] = (await query(SESSION_USER_SQL, [sid])) as { id: number | null; roles: string[] | null }[];
      if (!user?.id) return void res.writeHead(401).end();
      const parsed = issueListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!parsed.success) return void res.writeHead(400).end();
      const json = JSON.stringify(await listIssues(em, { id: user.id, roles: user.roles ?? [] }, parsed.data, cursors));
      const accepts = req.headers['accept-encoding'] ?? '';
      const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
      const body = encoding === 'br' ? await brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) : encoding === 'gzip' ? await gzip(json, { level: 6 }) : Buffer.from(json);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...(encoding ? { 'content-encoding': encoding } : {}) }).end(body);
    })().catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}
