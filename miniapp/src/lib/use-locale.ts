import type { Locale } from '@tracker/shared/locales';
import { buildPath, splitLocale, type RouteName } from '@tracker/shared/routes';
import { useCallback } from 'react';
import { useLocation } from 'wouter';

export function useLocale(): Locale {
  const [location] = useLocation();
  return splitLocale(location).locale;
}

/** `href('issues')` → `/issues` or `/en/issues` for the current language. */
export function useHref() {
  const locale = useLocale();
  return useCallback((name: RouteName, params?: Record<string, string | number>) => buildPath(name, params, locale), [locale]);
}
