// `startapp=<kind>_<id>` deep links (the launch's start parameter) to the page they name.
import type { Locale } from '@tracker/shared/locales';
import { localizePath } from '@tracker/shared/routes';

const TARGETS: Record<string, string> = { issue: '/issues/', project: '/projects/', stream: '/streams/' };

export function deepLinkPath(startParam: string | null | undefined, locale: Locale): string | null {
  const match = /^(issue|project|stream)_([A-Za-z0-9-]{1,40})$/.exec(startParam ?? '');
  if (!match) return null;
  return localizePath(TARGETS[match[1]!]! + match[2]!, locale);
}
