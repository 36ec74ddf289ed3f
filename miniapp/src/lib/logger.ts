// A tiny console logger whose threshold is the public LOG_LEVEL (spec §9: default info).
import type { PublicConfig } from '@tracker/shared/api/config';
import { DEFAULT_LOG_LEVEL } from '@tracker/shared/limits';

export type LogLevel = PublicConfig['logLevel'];
const ORDER: Record<LogLevel, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 };

let threshold: LogLevel = DEFAULT_LOG_LEVEL;

export function setLogLevel(level: LogLevel) {
  threshold = level;
}

export function enabled(level: Exclude<LogLevel, 'silent'>, current: LogLevel = threshold): boolean {
  return ORDER[level] >= ORDER[current];
}

function emit(level: Exclude<LogLevel, 'silent'>, sink: (...args: unknown[]) => void) {
  return (...args: unknown[]) => {
    if (enabled(level)) sink(`[${level}]`, ...args);
  };
}

export const log = {
  trace: emit('trace', (...a) => console.debug(...a)),
  debug: emit('debug', (...a) => console.debug(...a)),
  info: emit('info', (...a) => console.info(...a)),
  warn: emit('warn', (...a) => console.warn(...a)),
  error: emit('error', (...a) => console.error(...a)),
};
