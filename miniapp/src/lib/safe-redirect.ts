import type { Locale } from '@tracker/shared/locales';
import { buildPath } from '@tracker/shared/routes';

/** A same-site path from `?redirect=` (starts with one slash, no scheme, no backslash tricks). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f]/.test(value)) return null;
  return value;
}

export function afterSignIn(redirect: string | null | undefined, locale: Locale): string {
  return safeRedirect(redirect) ?? buildPath('issues', {}, locale);
}
