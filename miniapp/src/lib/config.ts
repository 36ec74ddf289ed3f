// Public config (GET /api/config). The server embeds it in index.html; a shell served by the
// service worker offline, or by the Vite dev server, has only the placeholder, so defaults apply.
// Checked by hand rather than with the shared zod schema: zod would double the first-load script.
import type { PublicConfig } from '@tracker/shared/api/config';
import { DEFAULT_LOG_LEVEL } from '@tracker/shared/limits';

export const DEFAULT_CONFIG: PublicConfig = {
  logLevel: DEFAULT_LOG_LEVEL,
  debug: 0,
  telegramBotUsername: null,
  telegramUnsafeFallback: false,
  externalRedirectHosts: [],
};

const LEVELS: readonly string[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function parseConfig(raw: string | null | undefined): PublicConfig | null {
  if (!raw) return null;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const hosts = value.externalRedirectHosts;
  return {
    logLevel: LEVELS.includes(value.logLevel as string) ? (value.logLevel as PublicConfig['logLevel']) : DEFAULT_CONFIG.logLevel,
    debug: value.debug === 1 ? 1 : 0,
    telegramBotUsername: typeof value.telegramBotUsername === 'string' ? value.telegramBotUsername : null,
    telegramUnsafeFallback: value.telegramUnsafeFallback === true,
    externalRedirectHosts: Array.isArray(hosts) ? hosts.filter((h): h is string => typeof h === 'string') : [],
  };
}

export function readEmbeddedConfig(doc: Document = document): PublicConfig | null {
  return parseConfig(doc.querySelector('meta[name="app-config"]')?.getAttribute('content'));
}

export const config: PublicConfig = { ...DEFAULT_CONFIG, ...(typeof document === 'undefined' ? null : readEmbeddedConfig()) };
