// Spec §4 "Automatic messenger sign-in", steps 1–6, with the §9 reload guard. Dependencies are
// passed in so the steps are tested without a browser or the SDK.
import { PAGE_RELOAD_GUARD_MS, TG_AUTO_AUTH_KEY } from '@tracker/shared/limits';

export interface AutoSignInResponse {
  error?: unknown;
  user?: unknown;
  sessionToken?: string;
}

export interface AutoSignInDeps {
  isAuthenticated(): boolean;
  /** Raw init data from the SDK, or nothing. */
  readSdkInitData(): string | undefined;
  /** The explicit public unsafe-fallback setting. */
  unsafeFallback: boolean;
  locationHash: string;
  /** Sends `{ tgWebAppDataRaw, unsafeFallback }`; resolves with the JSON body, also of an error status. */
  send(body: { tgWebAppDataRaw: string; unsafeFallback: boolean }): Promise<AutoSignInResponse>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload(): void;
  now(): number;
  /** The guard stopped a second reload: take the signed-in user without one. */
  adopt(response: AutoSignInResponse): void;
  keepSessionToken(token: string | undefined): void;
  log: { warn(...args: unknown[]): void };
}

export type AutoSignInResult = 'authenticated' | 'no-data' | 'refused' | 'failed' | 'reloaded' | 'guarded';

/** Launch data in the page address fragment (`#tgWebAppData=…`), decoded once. */
export function initDataFromHash(hash: string): string | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('tgWebAppData');
  return value || undefined;
}

export async function autoSignIn(deps: AutoSignInDeps): Promise<AutoSignInResult> {
  if (deps.isAuthenticated()) return 'authenticated';
  let raw: string | undefined;
  try {
    raw = deps.readSdkInitData();
  } catch (err) {
    deps.log.warn('telegram: launch data unreadable', err);
  }
  let unsafeFallback = false;
  if (!raw && deps.unsafeFallback) {
    raw = initDataFromHash(deps.locationHash);
    unsafeFallback = !!raw;
  }
  if (!raw) return 'no-data';
  let response: AutoSignInResponse;
  try {
    response = await deps.send({ tgWebAppDataRaw: raw, unsafeFallback });
  } catch (err) {
    deps.log.warn('telegram: sign-in request failed', err);
    return 'failed';
  }
  if (!response || typeof response !== 'object' || response.error !== undefined) {
    deps.log.warn('telegram: sign-in refused', response?.error);
    return 'refused';
  }
  deps.keepSessionToken(response.sessionToken);
  const last = Number(deps.storage.getItem(TG_AUTO_AUTH_KEY));
  const now = deps.now();
  if (last && now - last < PAGE_RELOAD_GUARD_MS) {
    deps.adopt(response);
    return 'guarded';
  }
  deps.storage.setItem(TG_AUTO_AUTH_KEY, String(now));
  deps.reload();
  return 'reloaded';
}
