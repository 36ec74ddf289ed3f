import { prettyFactory } from 'pino-pretty';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

export interface LoggerOptions {
  /** One readable line per entry (development); otherwise one JSON object per line (production). */
  pretty?: boolean;
  /** Where lines go (tests); standard output by default. */
  destination?: { write(line: string): unknown };
}

interface RequestEntry {
  msg?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  [key: string]: unknown;
}

/** A request entry reads `GET /api/issues 200 12 ms`; its fields stay in the JSON form for machines. */
function readableRequest(entry: RequestEntry): RequestEntry {
  if (entry.msg !== 'request') return entry;
  const { method, path, status, ms, reqId: _reqId, ...rest } = entry;
  return { ...rest, msg: `${method} ${path} ${status} ${ms} ms` };
}

function prettyStream(out: { write(line: string): unknown }): DestinationStream {
  const prettify = prettyFactory({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true });
  return { write: (line: string) => void out.write(prettify(readableRequest(JSON.parse(line) as RequestEntry))) };
}

// Secrets never reach the log: cookies, tokens, passwords and confirmation codes are redacted.
export function createLogger(level: string, options: LoggerOptions = {}): Logger {
  const settings = {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.code', '*.token', 'password', 'code', 'token'],
      censor: '[redacted]',
    },
  };
  if (options.pretty) return pino(settings, prettyStream(options.destination ?? process.stdout));
  return options.destination ? pino(settings, options.destination as DestinationStream) : pino(settings);
}
