// Namespaces loaded with the feature that uses them (both languages at once), so the first load
// of the web app stays small. The bot and the server import them statically through `resources`.
type Loader = () => Promise<{ default: Record<string, unknown> }>;

export const lazyResources = {
  issues: { ru: () => import('./ru/issues.json', { with: { type: 'json' } }), en: () => import('./en/issues.json', { with: { type: 'json' } }) },
  projects: { ru: () => import('./ru/projects.json', { with: { type: 'json' } }), en: () => import('./en/projects.json', { with: { type: 'json' } }) },
  streams: { ru: () => import('./ru/streams.json', { with: { type: 'json' } }), en: () => import('./en/streams.json', { with: { type: 'json' } }) },
  calendar: { ru: () => import('./ru/calendar.json', { with: { type: 'json' } }), en: () => import('./en/calendar.json', { with: { type: 'json' } }) },
  timeline: { ru: () => import('./ru/timeline.json', { with: { type: 'json' } }), en: () => import('./en/timeline.json', { with: { type: 'json' } }) },
  recurrence: { ru: () => import('./ru/recurrence.json', { with: { type: 'json' } }), en: () => import('./en/recurrence.json', { with: { type: 'json' } }) },
  time: { ru: () => import('./ru/time.json', { with: { type: 'json' } }), en: () => import('./en/time.json', { with: { type: 'json' } }) },
  customFields: { ru: () => import('./ru/customFields.json', { with: { type: 'json' } }), en: () => import('./en/customFields.json', { with: { type: 'json' } }) },
  account: { ru: () => import('./ru/account.json', { with: { type: 'json' } }), en: () => import('./en/account.json', { with: { type: 'json' } }) },
  blog: { ru: () => import('./ru/blog.json', { with: { type: 'json' } }), en: () => import('./en/blog.json', { with: { type: 'json' } }) },
  admin: { ru: () => import('./ru/admin.json', { with: { type: 'json' } }), en: () => import('./en/admin.json', { with: { type: 'json' } }) },
  myWork: { ru: () => import('./ru/myWork.json', { with: { type: 'json' } }), en: () => import('./en/myWork.json', { with: { type: 'json' } }) },
  notifications: { ru: () => import('./ru/notifications.json', { with: { type: 'json' } }), en: () => import('./en/notifications.json', { with: { type: 'json' } }) },
  inbox: { ru: () => import('./ru/inbox.json', { with: { type: 'json' } }), en: () => import('./en/inbox.json', { with: { type: 'json' } }) },
  webhooks: { ru: () => import('./ru/webhooks.json', { with: { type: 'json' } }), en: () => import('./en/webhooks.json', { with: { type: 'json' } }) },
  plan: { ru: () => import('./ru/plan.json', { with: { type: 'json' } }), en: () => import('./en/plan.json', { with: { type: 'json' } }) },
  imports: { ru: () => import('./ru/imports.json', { with: { type: 'json' } }), en: () => import('./en/imports.json', { with: { type: 'json' } }) },
  insights: { ru: () => import('./ru/insights.json', { with: { type: 'json' } }), en: () => import('./en/insights.json', { with: { type: 'json' } }) },
  // The words of failures: after the web app's first render (web.ts, WEB_FAILURE_NAMESPACES).
  errors: { ru: () => import('./ru/errors.json', { with: { type: 'json' } }), en: () => import('./en/errors.json', { with: { type: 'json' } }) },
  validation: { ru: () => import('./ru/validation.json', { with: { type: 'json' } }), en: () => import('./en/validation.json', { with: { type: 'json' } }) },
  // Eager for the server (index.ts); in the web app only the pages that show them load them.
  home: { ru: () => import('./ru/home.json', { with: { type: 'json' } }), en: () => import('./en/home.json', { with: { type: 'json' } }) },
  privacy: { ru: () => import('./ru/privacy.json', { with: { type: 'json' } }), en: () => import('./en/privacy.json', { with: { type: 'json' } }) },
} satisfies Record<string, { ru: Loader; en: Loader }>;

export type LazyNamespace = keyof typeof lazyResources;
export const LAZY_NAMESPACES = Object.keys(lazyResources) as LazyNamespace[];
