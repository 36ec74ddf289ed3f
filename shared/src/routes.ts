// The page route table of spec §2, used by the web app (router, guards, titles) and by the server
// (real 404 status, SPA fallback, sitemap). Every route exists unprefixed (ru) and under /en.
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';

export const ACCESS_LEVELS = ['public', 'private', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export interface RouteDef {
  /** Stable name; also the i18n key of the page title (`titles.<name>`) and the lazy page module. */
  name: string;
  /** Pattern without language prefix; `:param` matches one segment. */
  path: string;
  access: string;
  /** Name of the parent route for child routes (/issues/:id/edit under /issues/:id). */
  parent?: string;
  /** A page reached only through a one-time link (token in the address): not content, kept out of the sitemap. */
  tokenPage?: true;
}

export interface Route extends RouteDef {
  access: Access;
  segments: string[];
}

export function defineRoutes(defs: readonly RouteDef[]): Route[] {
  return defs.map((def) => {
    if (!(ACCESS_LEVELS as readonly string[]).includes(def.access)) {
      throw new Error(`Unknown access level "${def.access}" for route ${def.path}`);
    }
    return { ...def, access: def.access as Access, segments: splitPath(def.path) };
  });
}

// Order matters: static segments are listed before `:param` siblings.
export const ROUTES = defineRoutes([
  { name: 'home', path: '/', access: 'public' },
  { name: 'privacy', path: '/privacy', access: 'public' },
  { name: 'blog', path: '/blog', access: 'public' },
  { name: 'blogPost', path: '/blog/:slug', access: 'public' },
  { name: 'login', path: '/user/login', access: 'public' },
  { name: 'register', path: '/user/create', access: 'public' },
  { name: 'confirmEmail', path: '/user/confirm-email', access: 'public', tokenPage: true },
  // The link mailed to the old address after an e-mail change (issue 25); beyond spec §2's list.
  { name: 'restoreEmail', path: '/user/restore-email', access: 'public', tokenPage: true },
  { name: 'resetPassword', path: '/user/reset-password', access: 'public', tokenPage: true },
  { name: 'recoverPassword', path: '/user/recover-password', access: 'public' },
  { name: 'telegramUsernameConfirm', path: '/user/telegram-username-confirm', access: 'public' },
  // What an invite to a project offers, and joining by it (issue 26); beyond spec §2's list.
  { name: 'invite', path: '/invite/:token', access: 'public', tokenPage: true },

  { name: 'me', path: '/user', access: 'private' },
  { name: 'profile', path: '/user/profile', access: 'private' },
  { name: 'changePassword', path: '/user/change_password/:id', access: 'private' },
  { name: 'user', path: '/user/:id', access: 'private' },
  { name: 'issues', path: '/issues', access: 'private' },
  { name: 'issueCreate', path: '/issues/create', access: 'private' },
  { name: 'issue', path: '/issues/:id', access: 'private' },
  { name: 'issueEdit', path: '/issues/:id/edit', access: 'private', parent: 'issue' },
  { name: 'streams', path: '/streams', access: 'private' },
  { name: 'streamCreate', path: '/streams/create', access: 'private' },
  { name: 'stream', path: '/streams/:id', access: 'private' },
  { name: 'projects', path: '/projects', access: 'private' },
  { name: 'projectCreate', path: '/projects/create', access: 'private' },
  { name: 'project', path: '/projects/:id', access: 'private' },
  { name: 'projectEdit', path: '/projects/:id/edit', access: 'private', parent: 'project' },
  // The settings' sections (issue 27): the entry above shows General on a wide screen, the list of sections on a phone.
  { name: 'projectEditGeneral', path: '/projects/:id/edit/general', access: 'private', parent: 'project' },
  { name: 'projectEditMembers', path: '/projects/:id/edit/members', access: 'private', parent: 'project' },
  { name: 'projectEditWorkflow', path: '/projects/:id/edit/workflow', access: 'private', parent: 'project' },
  // SLA targets and working time (issue 29).
  { name: 'projectEditSla', path: '/projects/:id/edit/sla', access: 'private', parent: 'project' },
  { name: 'projectEditLabels', path: '/projects/:id/edit/labels', access: 'private', parent: 'project' },
  { name: 'projectEditTemplates', path: '/projects/:id/edit/templates', access: 'private', parent: 'project' },
  { name: 'projectEditWebhooks', path: '/projects/:id/edit/webhooks', access: 'private', parent: 'project' },
  { name: 'projectEditExport', path: '/projects/:id/edit/export', access: 'private', parent: 'project' },
  // Importing issues from a file (issue 17); the second shows one import's progress and report.
  // Cycles and milestones (issue 29); beyond spec §2's list.
  { name: 'projectCycles', path: '/projects/:id/cycles', access: 'private', parent: 'project' },
  { name: 'projectImport', path: '/projects/:id/import', access: 'private', parent: 'project' },
  { name: 'projectImportRun', path: '/projects/:id/import/:importId', access: 'private', parent: 'project' },
  { name: 'cycle', path: '/cycles/:id', access: 'private' },
  { name: 'milestone', path: '/milestones/:id', access: 'private' },
  { name: 'calendar', path: '/calendar', access: 'private' },
  // Dated issues as bars over time, with their "blocks" arrows and the milestones (issue 29).
  { name: 'timeline', path: '/timeline', access: 'private' },
  // What happened that concerns me (issue 15, item 6); beyond spec §2's list.
  { name: 'inbox', path: '/inbox', access: 'private' },
  // Logged time per person and project (issue 17, item 7).
  { name: 'timesheet', path: '/timesheet', access: 'private' },
  // Charts of the workspace's, a project's or a stream's issues under the list's filters (issue 29).
  { name: 'insights', path: '/insights', access: 'private' },

  { name: 'admin', path: '/admin', access: 'admin' },
  { name: 'customFields', path: '/admin/custom-fields', access: 'admin' },
  { name: 'customFieldCreate', path: '/admin/custom-fields/create', access: 'admin' },
  { name: 'customFieldEdit', path: '/admin/custom-fields/:id/edit', access: 'admin' },
  // Admin sections the blog/admin issue adds under /admin (spec §2 leaves the admin screens open).
  { name: 'adminUsers', path: '/admin/users', access: 'admin' },
  { name: 'adminRedirects', path: '/admin/redirects', access: 'admin' },
  { name: 'adminBlog', path: '/admin/blog', access: 'admin' },
  { name: 'adminPostCreate', path: '/admin/blog/create', access: 'admin' },
  { name: 'adminPostEdit', path: '/admin/blog/:id/edit', access: 'admin' },
]);

export type RouteName = (typeof ROUTES)[number]['name'];

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
  locale: Locale;
  /** The path without the language prefix, e.g. `/issues/12`. */
  barePath: string;
}

function splitPath(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Splits `/en/issues` into `{ locale: 'en', barePath: '/issues' }`; unprefixed paths are Russian. */
export function splitLocale(pathname: string): { locale: Locale; barePath: string } {
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    if (pathname === `/${locale}` || pathname === `/${locale}/`) return { locale, barePath: '/' };
    if (pathname.startsWith(`/${locale}/`)) return { locale, barePath: pathname.slice(locale.length + 1) };
  }
  return { locale: DEFAULT_LOCALE, barePath: pathname || '/' };
}

export function localizePath(barePath: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return barePath;
  return barePath === '/' ? `/${locale}` : `/${locale}${barePath}`;
}

export function matchRoute(pathname: string, routes: readonly Route[] = ROUTES): RouteMatch | null {
  const { locale, barePath } = splitLocale(pathname);
  const parts = splitPath(barePath);
  for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = route.segments.every((seg, i) => {
      const part = parts[i] as string;
      if (seg.startsWith(':')) {
        try {
          params[seg.slice(1)] = decodeURIComponent(part);
        } catch {
          return false;
        }
        return true;
      }
      return seg === part;
    });
    if (ok) return { route, params, locale, barePath };
  }
  return null;
}

export function buildPath(name: RouteName, params: Record<string, string | number> = {}, locale: Locale = DEFAULT_LOCALE): string {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  const path = '/' + route.segments.map((s) => (s.startsWith(':') ? encodeURIComponent(String(params[s.slice(1)] ?? '')) : s)).join('/');
  return localizePath(path, locale);
}
