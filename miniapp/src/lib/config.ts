// Public config (GET /api/config). The server embeds it in each page's boot data; a shell served by
// the service worker offline, or by the Vite dev server, has none, so defaults apply.
// Checked by hand rather than with the shared zod schema: zod would double the first-load script.
import type { PublicConfig } from '@tracker/shared/api/config';
import { DEFAULT_LOG_LEVEL } from '@tracker/shared/limits';
import { bootData } from './boot-data.ts';

export const DEFAULT_CONFIG: PublicConfig = {
  logLevel: DEFAULT_LOG_LEVEL,
  debug: 0,
  telegramBotUsername: null,
  telegramUnsafeFallback: false,
  externalRedirectHosts: [],
};

const LEVELS: readonly string[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function parseConfig(raw: unknown): PublicConfig | null {
  if (!raw || typeof raw !== 'object') return null;
  const value = raw as Record<string, unknown>;
  const hosts = value.externalRedirectHosts;
  return {
    logLevel: LEVELS.includes(value.logLevel as string) ? (value.logLevel as PublicConfig['logLevel']) : DEFAULT_CONFIG.logLevel,
    debug: value.debug === 1 ? 1 : 0,
    telegramBotUsername: typeof value.telegramBotUsername === 'string' ? value.telegramBotUsername : null,
    telegramUnsafeFallback: value.telegramUnsafeFallback === true,
    externalRedirectHosts: Array.isArray(hosts) ? hosts.filter((h): h is string => typeof h === 'string') : [],
  };
}

export const config: PublicConfig = { ...DEFAULT_CONFIG, ...parseConfig(bootData?.config) };
