// Every declaration, for the server's contract test. The web app imports the domain files one by one,
// so a lazily loaded feature carries only its own schemas.
export * from './admin.ts';
export * from './api-tokens.ts';
export * from './blog.ts';
export * from './calendar.ts';
export * from './custom-fields.ts';
export * from './cycles.ts';
export * from './downloads.ts';
export * from './exports.ts';
export * from './imports.ts';
export * from './inbox.ts';
export * from './insights.ts';
export * from './invites.ts';
export * from './issues.ts';
export * from './milestones.ts';
export * from './projects.ts';
export * from './session.ts';
export * from './sla.ts';
export * from './streams.ts';
export * from './sync.ts';
export * from './templates.ts';
export * from './triage.ts';
export * from './webhooks.ts';
export * from './time.ts';
export * from './timeline.ts';
export * from './system.ts';
