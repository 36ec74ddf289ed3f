// The mixed load itself: `plan.connections` keep-alive connections, each carrying one signed-in
// user's cookie and sending that user's next request as soon as the last one is answered (a closed
// loop, as autocannon does). Each response's time goes into an HdrHistogram of its class. Like a
// browser, a user remembers ETags per URL and revalidates with If-None-Match: a 304 is a success.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as hdr from 'hdr-histogram-js';
import { Client } from 'undici';
import { CLASSES, userMix, type BenchRequest, type LoadPlan, type PlanUser, type RequestClass } from './load-mix.ts';

export interface ClassFigures {
  requests: number;
  errors: number;
  notModified: number;
  p50: number;
  p95: number;
  p99: number;
  /** Requests per second over the measured window. */
  rps: number;
}
export type Group = RequestClass | 'read' | 'all';
export interface LoadResult {
  seconds: number;
  classes: Record<Group, ClassFigures>;
  /** The first few errors, as `status method path: body`. */
  errorSamples: string[];
  /** Content-Encoding of the bodies that came back (2xx with a body). */
  encodings: Record<string, number>;
  /** Bodies decoded and parsed as JSON to check them (a sample, not every one). */
  validated: number;
}

const decode = (encoding: string | undefined, raw: Buffer) => (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw);
const ms = (us: number) => Math.round(us / 100) / 10;

/** `onPhase` is called when the measured window starts and when it ends (the bench reads the server's counters then). */
export async function runLoad(plan: LoadPlan, onPhase: (phase: 'measuring' | 'done') => void = () => {}): Promise<LoadResult> {
  const histograms = Object.fromEntries(CLASSES.map((c) => [c, hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: 3 })])) as Record<RequestClass, hdr.Histogram>;
  const counts = Object.fromEntries(CLASSES.map((c) => [c, { requests: 0, errors: 0, notModified: 0 }])) as Record<RequestClass, { requests: number; errors: number; notModified: number }>;
  const errorSamples: string[] = [];
  const encodings: Record<string, number> = {};
  let validated = 0;
  const seen = Object.fromEntries(CLASSES.map((c) => [c, 0])) as Record<RequestClass, number>;
  // A user's browser cache: ETag per URL (and, for a list page decoded once, its next cursor).
  const etags = new Map<string, { etag: string; cursor?: string | null }>();
  const origin = new URL(plan.base).origin;

  const started = performance.now();
  const measureFrom = started + plan.warmup * 1000;
  const measureTo = measureFrom + plan.seconds * 1000;

  const phases = [setTimeout(() => onPhase('measuring'), measureFrom - started), setTimeout(() => onPhase('done'), measureTo - started)];
  const fail = (req: BenchRequest, what: string) => {
    if (errorSamples.length < 10) errorSamples.push(`${what} ← ${req.method} ${req.path}`);
  };

  async function connection(user: PlanUser) {
    const client = new Client(origin, { pipelining: 1 });
    const mix = userMix(user, Math.random, plan.only);
    try {
      while (performance.now() < measureTo) {
        const req = mix.next();
        const cacheKey = `${user.id} ${req.path}`;
        const cached = req.method === 'GET' ? etags.get(cacheKey) : undefined;
        const headers: Record<string, string> = { cookie: user.cookie, accept: 'application/json', 'accept-encoding': 'br, gzip' };
        if (cached) headers['if-none-match'] = cached.etag;
        // What a browser adds to a same-origin fetch that changes something (the CSRF check reads these).
        if (req.body !== undefined) Object.assign(headers, { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin' });
        const t0 = performance.now();
        let status = 0;
        let raw: Buffer | null = null;
        let encoding: string | undefined;
        let etag: string | undefined;
        let problem: string | null = null;
        try {
          const res = await client.request({ method: req.method, path: req.path, headers, body: req.body });
          raw = Buffer.from(await res.body.arrayBuffer());
          status = res.statusCode;
          encoding = res.headers['content-encoding'] as string | undefined;
          etag = res.headers.etag as string | undefined;
        } catch (err) {
          problem = `socket error ${(err as Error).message}`;
        }
        const t1 = performance.now();
        const measured = t0 >= measureFrom && t1 <= measureTo;
        const c = counts[req.cls];
        if (!problem && status !== 304 && (status < 200 || status > 299)) problem = `${status} ${decodeSafely(encoding, raw).slice(0, 200)}`;
        // A sample of bodies is decoded and parsed, to show the figures are of real answers.
        if (!problem && raw?.length && status !== 304 && (validated < 20 || seen[req.cls]++ % 100 === 0)) {
          try {
            JSON.parse(decode(encoding, raw).toString('utf8'));
            validated++;
          } catch (err) {
            problem = `invalid body (${encoding ?? 'identity'}): ${(err as Error).message}`;
          }
        }
        if (measured) {
          c.requests++;
          histograms[req.cls].recordValue(Math.max(1, Math.round((t1 - t0) * 1000)));
          if (problem) c.errors++;
          if (status === 304) c.notModified++;
          if (raw?.length && status >= 200 && status < 300) encodings[encoding ?? 'identity'] = (encodings[encoding ?? 'identity'] ?? 0) + 1;
        }
        if (problem) {
          fail(req, problem);
          continue;
        }
        if (etag && req.method === 'GET' && status === 200) etags.set(cacheKey, { etag });
        if (req.cls === 'list') {
          let cursor: string | null = null;
          if (mix.wantsNextPage()) {
            if (status === 200) cursor = (JSON.parse(decode(encoding, raw!).toString('utf8')) as { nextCursor: string | null }).nextCursor;
            else cursor = cached?.cursor ?? null;
            const entry = etags.get(cacheKey);
            if (entry) entry.cursor = cursor;
          }
          mix.scrolled(req.path, cursor);
        }
      }
    } finally {
      await client.close();
    }
  }

  await Promise.all(Array.from({ length: plan.connections }, (_, i) => connection(plan.users[i % plan.users.length]!)));
  for (const timer of phases) clearTimeout(timer);

  const figures = (groups: readonly RequestClass[]): ClassFigures => {
    const h = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: 3 });
    for (const g of groups) h.add(histograms[g]);
    const sum = (k: 'requests' | 'errors' | 'notModified') => groups.reduce((n, g) => n + counts[g][k], 0);
    return { requests: sum('requests'), errors: sum('errors'), notModified: sum('notModified'), p50: ms(h.getValueAtPercentile(50)), p95: ms(h.getValueAtPercentile(95)), p99: ms(h.getValueAtPercentile(99)), rps: Math.round((sum('requests') / plan.seconds) * 10) / 10 };
  };
  const classes = Object.fromEntries(CLASSES.map((c) => [c, figures([c])])) as Record<Group, ClassFigures>;
  classes.read = figures(['list', 'issue', 'search']);
  classes.all = figures(CLASSES);
  return { seconds: plan.seconds, classes, errorSamples, encodings, validated };
}

function decodeSafely(encoding: string | undefined, raw: Buffer | null): string {
  try {
    return raw ? decode(encoding, raw).toString('utf8') : '';
  } catch {
    return '(undecodable body)';
  }
}
