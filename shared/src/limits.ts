// Business constants of spec §9, named once.
export const SMS_CODE_LENGTH = 6;
export const DEFAULT_LOG_LEVEL = 'info';
export const SESSION_STORAGE_PREFIX = 'tapps/';
export const PAGE_RELOAD_GUARD_MS = 10_000;
export const COLOR_MODE_STORAGE_KEY = 'nuxt-color-mode';
export const TG_AUTO_AUTH_KEY = 'tg_auto_auth_done';

export const THEME_COLORS = {
  primary: 'green',
  secondary: 'blue',
  neutral: 'slate',
  error: 'red',
  warning: 'yellow',
  success: 'green',
  info: 'blue',
} as const;

export const CONTACT_POLL = { startMs: 50, stepMs: 50, timeoutMs: 5000 } as const;
export const TG_BUTTON_FALLBACK = { color: '#2481cc', textColor: '#ffffff' } as const;

export const TOASTS = {
  maxVisible: 5,
  removeDelayMs: 200,
  durationMs: 5000,
  swipeThreshold: 50,
  swipeDirection: 'right',
  hotkey: 'F8',
  gapPx: 16,
} as const;

export const TOOLTIP = { delayMs: 700, skipDelayMs: 300 } as const;

/** `assetsCache`: the run-time cache of built files (lazy chunks, their CSS and texts) the worker and the page share. */
export const SERVICE_WORKER = { url: '/sw.js', scope: '/', display: 'standalone', assetsCache: 'assets' } as const;

export const ICON_API = { maxUrlLength: 500, timeoutMs: 5000, rotateMs: 750 } as const;
export const MASONRY_COLUMN_WIDTH = 400;

export const IMAGE = {
  breakpoints: { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536, '2xl': 1536 },
  densities: [1, 2],
  format: 'webp',
  placeholder: { width: 10, height: 10, quality: 50, blur: 3 },
} as const;

export const TG_POPUP = {
  titleMax: 64,
  messageMin: 1,
  messageMax: 256,
  buttonsMax: 3,
  buttonTextMin: 1,
  buttonTextMax: 64,
  buttonIdMax: 64,
  colorPattern: /^#[0-9a-fA-F]{6}$/,
} as const;

// Spec §7: the HTTP client's retry policy.
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
export const NO_RETRY_METHODS = ['PATCH', 'POST', 'PUT', 'DELETE'] as const;
export const DEFAULT_RETRIES = 1;
export const TIMEOUT_MESSAGE = 'The operation was aborted due to timeout';

// Canonical link: only these query parameters survive, sorted (spec §2).
export const CANONICAL_QUERY_WHITELIST = ['page', 'q', 'tag'] as const;

export const PASSWORD_MIN_LENGTH = 8;
/**
 * Lowest zxcvbn score (0–4) a new password needs. 3 = "safely unguessable": about 10^10 guesses,
 * out of reach of online guessing and costly offline against Argon2; zxcvbn's own advice for sign-up.
 * 4 would refuse many memorable passphrases of three common words.
 */
export const PASSWORD_MIN_SCORE = 3;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/**
 * Sign-in throttling (OWASP device cookies, issue 11 L3). No hard lock: after `free` failures a key
 * waits `baseDelaySec × 2^(failures − free)` (capped) from its last failure; failures are forgotten
 * after `forgetSec` without one. A browser with a device cookie for the account is judged only by
 * its own failures (up to `device.max`); other clients by account+IP and, more loosely, by account.
 * The per-IP limit is only a high ceiling on failures, refusing untrusted clients of that IP.
 */
export const LOGIN_THROTTLE = {
  accountIp: { free: 5, baseDelaySec: 2, maxDelaySec: 15 * 60 },
  account: { free: 20, baseDelaySec: 2, maxDelaySec: 15 * 60 },
  forgetSec: 24 * 60 * 60,
  device: { max: 10, cookieMaxAgeSec: 365 * 24 * 60 * 60 },
  ipCeiling: { max: 1000, windowSec: 15 * 60 },
} as const;
export const DEVICE_COOKIE = 'tracker.device';
export const REGISTER_LIMIT_PER_IP = { max: 100, windowSec: 60 * 60 } as const;

export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** Largest attachment accepted on an issue. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** How long a signed attachment download link works (cookieless frames such as Telegram Web). */
export const ATTACHMENT_LINK_TTL_SEC = 5 * 60;
/** How long a signed link to an export, the backup or a timesheet CSV works (Telegram's own downloader). */
export const DOWNLOAD_LINK_TTL_SEC = 5 * 60;

// Accounts (issue 4): confirmation tokens, SMS codes, reminders, avatars.
export const EMAIL_CONFIRM_TTL_SEC = 48 * 60 * 60;
export const PASSWORD_RESET_TTL_SEC = 60 * 60;
/** How long the link mailed to the old address after an e-mail change can put that address back. */
export const EMAIL_RESTORE_TTL_SEC = 7 * 24 * 60 * 60;
export const RESEND_CONFIRM_LIMITS = { perMinute: { max: 1, windowSec: 60 }, perDay: { max: 5, windowSec: 24 * 60 * 60 } } as const;
export const RECOVER_PASSWORD_LIMITS = { perIp: { max: 20, windowSec: 60 * 60 }, perEmail: { max: 3, windowSec: 60 * 60 } } as const;
export const SMS_CODE_TTL_SEC = 10 * 60;
export const SMS_CODE_MAX_ATTEMPTS = 5;
export const SMS_SEND_LIMITS = { perMinute: { max: 1, windowSec: 60 }, perHour: { max: 5, windowSec: 60 * 60 } } as const;
/** A reminder waits this long after the e-mail/phone was set, then backs off after each showing (base × 2^n, capped). */
export const REMINDER_POLICY = { firstDelaySec: 60 * 60, baseIntervalSec: 24 * 60 * 60, maxIntervalSec: 7 * 24 * 60 * 60 } as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Square WebP sizes made from an uploaded avatar (1× and 2× of the 64 and 128 px places it shows in). */
export const AVATAR_SIZES = [64, 128, 256] as const;
export const PHONE_MAX_LENGTH = 16;

/** The time zone of a user who has not chosen one (due dates, quiet hours, "today" in the bot). */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

/** SLAs (issue 29, docs/sla.md): a target is 1 hour to a year; "at risk" is a deadline within this many hours. */
export const SLA_MAX_HOURS = 8760;
export const SLA_AT_RISK_HOURS = 24;

/** Imports (issue 17): the largest file accepted, and the most rows (records) one import may hold. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** Mapped rows a dry run shows. */
export const IMPORT_PREVIEW_ROWS = 20;
/**
 * The most bytes of import files one person may have stored at once: files are kept only while
 * their import waits or runs (deleted when it ends), so this is two or so large imports in flight.
 */
export const IMPORT_USER_STORED_MAX_BYTES = 50 * 1024 * 1024;
/** An import still queued or running after this long is given up (its file deleted); a preview is kept as long. */
export const IMPORT_ABANDONED_AFTER_HOURS = 24;
