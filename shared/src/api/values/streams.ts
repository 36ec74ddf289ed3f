// The streams values, without zod: the web app's start reads them (issue 27, the light start);
// ../streams.ts builds its schemas on them and exports them too.
export const STREAM_STATUSES = ['backlog', 'planned', 'in_progress', 'paused', 'completed', 'canceled'] as const;
export const STREAM_HEALTH = ['on_track', 'at_risk', 'off_track'] as const;
