// One lazy chunk per page, keyed by the route name of the shared route table.
import type { LazyNamespace } from '@tracker/shared/i18n/lazy';
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from 'react';
import { loadNamespaces } from '../lib/i18n.ts';

type PageModule = { default: ComponentType };
type Loader = () => Promise<PageModule>;

/** Loads once: navigation intent (hover, pointer down, focus) and the render share one promise. */
const once = (load: Loader): Loader => {
  let loading: Promise<PageModule> | null = null;
  return () => (loading ??= load().catch((err: unknown) => {
    // A failed load (offline, a deployment) may be tried again by the next intent or render.
    loading = null;
    throw err;
  }));
};

const LOADERS: Record<string, Loader> = {};
const byModule = new Map<Loader, string[]>();
const sharing = (load: Loader) => byModule.get(load) ?? [];
const LOADED: Record<string, ComponentType> = {};

/** A lazy page; `namespaces` are its feature texts, loaded together with its code. */
const page = (name: string, load: Loader, namespaces: readonly LazyNamespace[] = []) => {
  const both = namespaces.length ? () => Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => module) : load;
  // Routes sharing one module (the settings' sections) are all loaded once it is: moving between
  // them renders at once instead of suspending each one's lazy wrapper.
  const loader = once(() => both().then((module) => (sharing(load).forEach((n) => (LOADED[n] = module.default)), module)));
  LOADERS[name] = loader;
  return lazy(loader);
};
const withTexts = (load: Loader, namespaces: readonly LazyNamespace[]) => ({ load, namespaces });
type Entry = Loader | ReturnType<typeof withTexts>;

/**
 * What a route asks the server for, started with its code on navigation intent (issue 14). Most
 * screens read the client store and need nothing here; a loader imports its feature lazily, so
 * this table stays out of the entry chunk.
 */
const DATA: Record<string, (params: Record<string, string>, search: string) => Promise<unknown>> = {
  issue: (params) => import('../features/issues/detail/prefetch.ts').then((m) => m.prefetchIssuePage(params.id!)),
  issues: (_params, search) => import('../features/issues/list/prefetch.ts').then((m) => m.prefetchIssueList(search)),
};

// The project settings' sections are one page (one chunk), each at its own address.
const settings = withTexts(() => import('./routes/ProjectEditPage.tsx'), ['projects', 'issues', 'webhooks', 'plan']);

const ENTRIES: Record<string, Entry> = {
  home: () => import('./shell/HomeRoute.tsx'),
  privacy: withTexts(() => import('../features/home/pages/PrivacyPage.tsx'), ['privacy']),
  login: () => import('../features/auth/pages/LoginPage.tsx'),
  register: withTexts(() => import('../features/auth/pages/RegisterPage.tsx'), ['account']),
  blog: withTexts(() => import('../features/blog/pages/BlogPage.tsx'), ['blog']),
  blogPost: withTexts(() => import('../features/blog/pages/BlogPostPage.tsx'), ['blog']),
  confirmEmail: withTexts(() => import('../features/auth/pages/ConfirmEmailPage.tsx'), ['account']),
  restoreEmail: withTexts(() => import('../features/auth/pages/RestoreEmailPage.tsx'), ['account']),
  resetPassword: withTexts(() => import('../features/auth/pages/ResetPasswordPage.tsx'), ['account']),
  recoverPassword: withTexts(() => import('../features/auth/pages/RecoverPasswordPage.tsx'), ['account']),
  telegramUsernameConfirm: () => import('../features/auth/pages/TelegramUsernameConfirmPage.tsx'),
  invite: withTexts(() => import('../features/projects/pages/InvitePage.tsx'), ['projects']),
  me: withTexts(() => import('../features/users/pages/MePage.tsx'), ['account']),
  profile: withTexts(() => import('./routes/ProfilePage.tsx'), ['account', 'notifications']),
  changePassword: withTexts(() => import('../features/users/pages/ChangePasswordPage.tsx'), ['account']),
  user: withTexts(() => import('../features/users/pages/UserPage.tsx'), ['account']),
  issues: withTexts(() => import('../features/issues/pages/IssuesPage.tsx'), ['issues', 'plan']),
  issueCreate: withTexts(() => import('../features/issues/pages/IssueCreatePage.tsx'), ['issues', 'plan']),
  issue: withTexts(() => import('./routes/IssuePage.tsx'), ['issues', 'time', 'plan']),
  issueEdit: withTexts(() => import('../features/issues/pages/IssueEditPage.tsx'), ['issues', 'plan']),
  streams: withTexts(() => import('../features/streams/pages/StreamsPage.tsx'), ['streams', 'issues', 'plan']),
  streamCreate: withTexts(() => import('../features/streams/pages/StreamCreatePage.tsx'), ['streams']),
  stream: withTexts(() => import('./routes/StreamPage.tsx'), ['streams', 'issues', 'plan']),
  projects: withTexts(() => import('../features/projects/pages/ProjectsPage.tsx'), ['projects']),
  projectCreate: withTexts(() => import('../features/projects/pages/ProjectCreatePage.tsx'), ['projects']),
  project: withTexts(() => import('./routes/ProjectPage.tsx'), ['projects', 'issues', 'plan']),
  projectEdit: settings,
  projectEditGeneral: settings,
  projectEditMembers: settings,
  projectEditWorkflow: settings,
  projectEditSla: settings,
  projectEditLabels: settings,
  projectEditTemplates: settings,
  projectEditWebhooks: settings,
  projectEditExport: settings,
  projectImport: withTexts(() => import('../features/imports/pages/ImportPage.tsx'), ['imports', 'projects']),
  projectImportRun: withTexts(() => import('../features/imports/pages/ImportRunPage.tsx'), ['imports', 'projects']),
  cycle: withTexts(() => import('./routes/CyclePage.tsx'), ['issues', 'plan']),
  milestone: withTexts(() => import('./routes/MilestonePage.tsx'), ['issues', 'plan']),
  projectCycles: withTexts(() => import('../features/plan/pages/ProjectCyclesPage.tsx'), ['plan']),
  calendar: withTexts(() => import('../features/calendar/pages/CalendarPage.tsx'), ['calendar', 'issues', 'plan']),
  timeline: withTexts(() => import('../features/timeline/pages/TimelinePage.tsx'), ['timeline']),
  timesheet: withTexts(() => import('../features/time/pages/TimesheetPage.tsx'), ['time']),
  insights: withTexts(() => import('./routes/InsightsPage.tsx'), ['insights', 'issues']),
  inbox: withTexts(() => import('./routes/InboxPage.tsx'), ['inbox']),
  admin: withTexts(() => import('../features/admin/pages/AdminPage.tsx'), ['admin']),
  customFields: withTexts(() => import('../features/admin/pages/CustomFieldsPage.tsx'), ['customFields']),
  customFieldCreate: withTexts(() => import('../features/admin/pages/CustomFieldCreatePage.tsx'), ['customFields']),
  customFieldEdit: withTexts(() => import('../features/admin/pages/CustomFieldEditPage.tsx'), ['customFields']),
  adminUsers: withTexts(() => import('../features/admin/pages/AdminUsersPage.tsx'), ['admin', 'customFields']),
  adminRedirects: withTexts(() => import('../features/admin/pages/AdminRedirectsPage.tsx'), ['admin']),
  adminBlog: withTexts(() => import('../features/admin/pages/AdminBlogPage.tsx'), ['admin']),
  adminPostCreate: withTexts(() => import('../features/admin/pages/AdminPostCreatePage.tsx'), ['admin']),
  adminPostEdit: withTexts(() => import('../features/admin/pages/AdminPostEditPage.tsx'), ['admin']),
};

for (const [name, entry] of Object.entries(ENTRIES)) {
  const load = typeof entry === 'function' ? entry : entry.load;
  byModule.set(load, [...sharing(load), name]);
}

/** One lazy component per route name. */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  Object.entries(ENTRIES).map(([name, entry]) => [name, typeof entry === 'function' ? page(name, entry) : page(name, entry.load, entry.namespaces)]),
);

/**
 * The page's component once its code and texts are in (after an intent preload or a first visit),
 * rendered directly: a lazy component suspends on its first render even when its code is loaded,
 * and React holds a revealed fallback for 300 ms — a spinner where the store could show the page.
 */
export const loadedPage = (name: string): ComponentType | undefined => LOADED[name];

/**
 * Starts loading a route's code and texts, and its data when it declares some, ahead of navigation;
 * the page renders from the same loads.
 */
export function preloadPage(name: string, params: Record<string, string> = {}, search = ''): Promise<unknown> | null {
  const loader = LOADERS[name];
  if (!loader) return null;
  void DATA[name]?.(params, search).catch(() => null);
  return loader().catch(() => null);
}
