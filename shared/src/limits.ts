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

export const SERVICE_WORKER = { url: '/sw.js', scope: '/', display: 'standalone' } as const;

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
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

// Sign-in throttling: failed attempts per window, per account and per IP.
export const LOGIN_LIMITS = {
  perAccount: { max: 5, windowSec: 15 * 60 },
  perIp: { max: 50, windowSec: 15 * 60 },
} as const;
export const REGISTER_LIMIT_PER_IP = { max: 100, windowSec: 60 * 60 } as const;

export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** Largest attachment accepted on an issue. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
