import { pino, type Logger } from 'pino';

export type { Logger };

// Secrets never reach the log: cookies, tokens, passwords and confirmation codes are redacted.
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.code', '*.token', 'password', 'code', 'token'],
      censor: '[redacted]',
    },
  });
}
