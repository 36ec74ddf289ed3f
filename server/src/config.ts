// The only reader of process.env: parses and validates every setting at start.
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseStorageUrl } from './storage/storage-url.ts';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const list = z
  .string()
  .optional()
  .transform((v) => (v ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.url().optional(),
  /**
   * Connections this process keeps to PostgreSQL at most; by default (2 × cores) + 1, PostgreSQL's
   * rule of thumb: past a few per core it only switches between them. Share an external server's
   * figure among the replicas.
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: one readable line per entry; `json`: one object per line. Default: pretty in development. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  PUBLIC_DEBUG: z.enum(['0', '1']).default('0').transform(Number),
  /** Tests only: every JSON answer of a declared route is checked against its schema, mismatches appended here (http/contract-check.ts). */
  CONTRACT_CHECK_FILE: z.string().optional(),
  ADMIN_EMAILS: list,
  EXTERNAL_REDIRECT_HOSTS: list,
  TRUST_PROXY: bool,
  TELEGRAM_BOT_TOKEN: z.string().regex(/^\d+:[\w-]+$/, 'must look like 123456:ABC-DEF').optional(),
  TELEGRAM_BOT_USERNAME: z.string().optional(),
  TELEGRAM_MODE: z.enum(['off', 'polling', 'webhook']).optional(),
  TELEGRAM_API_ROOT: z.url().optional(),
  TELEGRAM_ALLOW_UNSAFE_FALLBACK: bool,
  /** How old Telegram init data / Login Widget data may be when it signs someone in. */
  TELEGRAM_AUTH_MAX_AGE_SEC: z.coerce.number().int().min(60).max(7 * 86400).default(86400),
  /** How long a notification waits for more changes to its issue, so a burst becomes one message. */
  TELEGRAM_BURST_SEC: z.coerce.number().int().min(0).max(600).default(30),
  /**
   * A local speech-to-text program for voice and video notes (telegram/transcriber.ts): `{file}` and
   * `{lang}` are filled in, stdout is the transcript. Unset: notes are attached, not transcribed.
   */
  SPEECH_COMMAND: z.string().optional(),
  SPEECH_TIMEOUT_SEC: z.coerce.number().int().min(5).max(600).default(120),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().default('Tracker <no-reply@localhost>'),
  SMS_PROVIDER: z.enum(['console', 'smsru']).default('console'),
  SMS_API_KEY: z.string().optional(),
  /** Base address of the SMS.ru API (a local stand-in in tests). */
  SMS_API_URL: z.url().default('https://sms.ru'),
  /** Sender name agreed with SMS.ru; their default sender when unset. */
  SMS_SENDER: z.string().max(11).optional(),
  WEB_DIST: z.string().optional(),
  /** An S3-compatible bucket for files (storage/storage-url.ts has the format); PostgreSQL when unset. */
  STORAGE_URL: z.string().optional(),
  /** Calls one personal access token may make a minute (each token counts on its own). */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Hosts (names or IPs, comma-separated) webhooks may reach although they are private or local (docs/webhooks.md). */
  WEBHOOK_ALLOWED_HOSTS: list,
  /** /api/health answers 503 once this process's job worker has been down, or a due job has waited, this long. */
  JOBS_STALL_SEC: z.coerce.number().int().min(1).max(86_400).default(60),
  /** How long a webhook delivery may take, connecting and answering together. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'PUBLIC_URL' | 'SESSION_SECRET' | 'TELEGRAM_MODE' | 'DATA_DIR' | 'WEB_DIST' | 'DB_POOL_MAX'> {
  DB_POOL_MAX: number;
  PUBLIC_URL: string;
  SESSION_SECRET: string;
  TELEGRAM_MODE: 'off' | 'polling' | 'webhook';
  DATA_DIR: string;
  WEB_DIST: string;
  isProduction: boolean;
  /** https deployments need SameSite=None; Secure; Partitioned cookies (the mini app is framed by Telegram Web). */
  secureCookies: boolean;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A development secret is generated once and kept in the data folder; production must set one. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * PostgreSQL's rule of thumb for a pool, (2 × cores) + 1, with the cores of this machine, where the
 * embedded PostgreSQL runs: more connections only queue inside PostgreSQL for the same CPUs.
 */
export const defaultPoolMax = (cores = availableParallelism()) => 2 * cores + 1;

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as "not set", the way shells and compose files pass them.
  const env = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.SESSION_SECRET) problems.push('SESSION_SECRET: required in production (at least 32 characters)');
  if (isProduction && !e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production');
  if (isProduction && e.TELEGRAM_ALLOW_UNSAFE_FALLBACK) problems.push('TELEGRAM_ALLOW_UNSAFE_FALLBACK: refused in production');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const mode = e.TELEGRAM_MODE ?? (e.TELEGRAM_BOT_TOKEN ? (publicUrl.startsWith('https://') ? 'webhook' : 'polling') : 'off');
  if (mode !== 'off' && !e.TELEGRAM_BOT_TOKEN) problems.push(`TELEGRAM_BOT_TOKEN: required when TELEGRAM_MODE=${mode}`);
  if (mode === 'webhook' && !publicUrl.startsWith('https://')) problems.push('PUBLIC_URL: must be https when TELEGRAM_MODE=webhook');
  if (e.SMS_PROVIDER === 'smsru' && !e.SMS_API_KEY) problems.push('SMS_API_KEY: required when SMS_PROVIDER=smsru');
  if (e.STORAGE_URL) {
    try {
      parseStorageUrl(e.STORAGE_URL);
    } catch (err) {
      problems.push(`STORAGE_URL: ${(err as Error).message}`);
    }
  }
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(repoRoot, e.DATA_DIR);
  return {
    ...e,
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    WEB_DIST: path.resolve(repoRoot, e.WEB_DIST ?? 'miniapp/dist'),
    SESSION_SECRET: e.SESSION_SECRET ?? developmentSecret(dataDir),
    DB_POOL_MAX: e.DB_POOL_MAX ?? defaultPoolMax(),
    TELEGRAM_MODE: mode,
    isProduction,
    secureCookies: publicUrl.startsWith('https://'),
  };
}
