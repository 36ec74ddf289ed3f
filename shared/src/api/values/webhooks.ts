// The webhooks values, without zod: the web app's start reads them (issue 27, the light start);
// ../webhooks.ts builds its schemas on them and exports them too.
/**
 * Outgoing webhooks of a project (issue 17, item 4; docs/webhooks.md): a URL, the events it wants and
 * a secret that signs each delivery. Project owners and admins manage them.
 */
export const WEBHOOK_EVENTS = ['issue.created', 'issue.updated', 'issue.deleted', 'issue.status_changed', 'comment.created'] as const;
