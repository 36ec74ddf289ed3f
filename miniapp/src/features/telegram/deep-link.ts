// `startapp=…` deep links (the launch's start parameter) to the page they name. Telegram allows
// only [A-Za-z0-9_-] there, up to 64 characters.
import type { Locale } from '@tracker/shared/locales';
import { buildPath, type RouteName } from '@tracker/shared/routes';

const PAGES: Record<string, RouteName> = { issue: 'issue', project: 'project', stream: 'stream', cycle: 'cycle' };

/**
 * `issue_<id or KEY-N>`, `project_<KEY or id>`, `stream_<id>`, `cycle_<id>` open those pages; `new` opens the issue
 * form and `new_<KEY>` the form in that project. Anything else is null (the app's start page).
 */
export function deepLinkPath(startParam: string | null | undefined, locale: Locale): string | null {
  const param = startParam ?? '';
  if (param === 'new') return buildPath('issueCreate', {}, locale);
  const create = /^new_([A-Za-z]{2,10})$/.exec(param); // a project key, as projectKeySchema
  if (create) return `${buildPath('issueCreate', {}, locale)}?project=${encodeURIComponent(create[1]!.toUpperCase())}`;
  const page = /^(issue|project|stream|cycle)_([A-Za-z0-9-]{1,40})$/.exec(param);
  return page ? buildPath(PAGES[page[1]!]!, { id: page[2]! }, locale) : null;
}

/** A start parameter that was given but names no screen (unknown or malformed): the app opens My work. */
export function isUnknownStartParam(startParam: string | null | undefined): boolean {
  return !!startParam && deepLinkPath(startParam, 'ru') === null;
}
