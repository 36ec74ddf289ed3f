// One HTTP attempt of a delivery: a POST with a time limit for connecting and answering together, no
// redirects (a 3xx is a failure), only the first kilobyte of the answer read — and none of an answer
// from a host reached through WEBHOOK_ALLOWED_HOSTS, so a project owner cannot read an intranet
// service through the delivery log — and the connection made only to addresses the URL rule accepts
// (url-guard.ts), checked after DNS resolution.
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';
import { allowedUrl, checkedAddresses, checkUrlShape, guardedLookup, hostOf, listedHost, RefusedAddress, type Resolver, type UrlRules } from './url-guard.ts';

export const EXCERPT_BYTES = 1024;

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
}

function refusalIn(err: unknown): RefusedAddress | null {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) if (e instanceof RefusedAddress) return e;
  return null;
}

function describe(err: unknown): string {
  const refused = refusalIn(err);
  if (refused) return `refused: ${refused.message}`;
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.cause?.code ?? e.code;
  const message = e.cause?.message ?? e.message ?? String(err);
  return code ? `${code}: ${message}` : message;
}

async function readExcerpt(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= EXCERPT_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8').replace(/\uFFFD+$/, '');
}

export function createSender(deps: { rules: UrlRules; timeoutMs: number; resolve?: Resolver }) {
  const { rules, timeoutMs } = deps;
  const agent = new Agent({
    connect: { lookup: guardedLookup(rules, deps.resolve), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 4000,
    connections: 8,
  });

  async function attempt(rawUrl: string, body: string, headers: Record<string, string>): Promise<AttemptResult> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    try {
      const url = checkUrlShape(rawUrl, rules);
      const allowed = allowedUrl(url, rules);
      // A literal IP is connected to without a lookup: it is judged here. So is a listed host on a port
      // not listed for it (the socket's lookup sees the host only).
      if (ipaddr.isValid(hostOf(url)) || (!allowed && listedHost(hostOf(url), rules))) await checkedAddresses(hostOf(url), allowed, deps.resolve);
      const res = await request(url, { method: 'POST', body, headers, dispatcher: agent, signal: controller.signal });
      const answer = await readExcerpt(res.body).finally(() => res.body.destroy());
      const excerpt = allowed ? null : answer;
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      const error = ok ? null : res.statusCode >= 300 && res.statusCode < 400 ? `redirect (${res.statusCode}) not followed` : `HTTP ${res.statusCode}`;
      return { ok, status: res.statusCode, durationMs: took(), excerpt, error };
    } catch (err) {
      const error = controller.signal.aborted ? `timeout: no complete answer within ${timeoutMs} ms` : describe(err);
      return { ok: false, status: null, durationMs: took(), excerpt: null, error: error.slice(0, 500) };
    } finally {
      clearTimeout(timer);
    }
  }

  return { attempt, close: () => agent.close() };
}

export type Sender = ReturnType<typeof createSender>;
