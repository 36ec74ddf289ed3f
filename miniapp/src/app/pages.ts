// One lazy chunk per page, keyed by the route name of the shared route table.
import type { LazyNamespace } from '@tracker/shared/i18n/lazy';
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from 'react';
import { loadNamespaces } from '../lib/i18n.ts';

/** A lazy page whose feature texts load together with its code. */
const withTexts = (load: () => Promise<{ default: ComponentType }>, namespaces: readonly LazyNamespace[]) =>
  lazy(() => Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => module));

export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('./shell/HomeRoute.tsx')),
  privacy: lazy(() => import('../features/home/pages/PrivacyPage.tsx')),
  login: lazy(() => import('../features/auth/pages/LoginPage.tsx')),
  register: withTexts(() => import('../features/auth/pages/RegisterPage.tsx'), ['account']),
  blog: withTexts(() => import('../features/blog/pages/BlogPage.tsx'), ['blog']),
  blogPost: withTexts(() => import('../features/blog/pages/BlogPostPage.tsx'), ['blog']),
  confirmEmail: withTexts(() => import('../features/auth/pages/ConfirmEmailPage.tsx'), ['account']),
  resetPassword: withTexts(() => import('../features/auth/pages/ResetPasswordPage.tsx'), ['account']),
  recoverPassword: withTexts(() => import('../features/auth/pages/RecoverPasswordPage.tsx'), ['account']),
  telegramUsernameConfirm: lazy(() => import('../features/auth/pages/TelegramUsernameConfirmPage.tsx')),
  me: withTexts(() => import('../features/users/pages/MePage.tsx'), ['account']),
  profile: withTexts(() => import('../features/users/pages/ProfilePage.tsx'), ['account', 'notifications']),
  changePassword: withTexts(() => import('../features/users/pages/ChangePasswordPage.tsx'), ['account']),
  user: withTexts(() => import('../features/users/pages/UserPage.tsx'), ['account']),
  issues: withTexts(() => import('../features/issues/pages/IssuesPage.tsx'), ['issues']),
  issueCreate: withTexts(() => import('../features/issues/pages/IssueCreatePage.tsx'), ['issues']),
  issue: withTexts(() => import('../features/issues/pages/IssuePage.tsx'), ['issues']),
  issueEdit: withTexts(() => import('../features/issues/pages/IssueEditPage.tsx'), ['issues']),
  streams: withTexts(() => import('../features/streams/pages/StreamsPage.tsx'), ['streams', 'issues']),
  streamCreate: withTexts(() => import('../features/streams/pages/StreamCreatePage.tsx'), ['streams']),
  stream: withTexts(() => import('../features/streams/pages/StreamPage.tsx'), ['streams', 'issues']),
  projects: withTexts(() => import('../features/projects/pages/ProjectsPage.tsx'), ['projects']),
  projectCreate: withTexts(() => import('../features/projects/pages/ProjectCreatePage.tsx'), ['projects']),
  project: withTexts(() => import('../features/projects/pages/ProjectPage.tsx'), ['projects', 'issues']),
  projectEdit: withTexts(() => import('../features/projects/pages/ProjectEditPage.tsx'), ['projects']),
  calendar: withTexts(() => import('../features/calendar/pages/CalendarPage.tsx'), ['calendar', 'issues']),
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
