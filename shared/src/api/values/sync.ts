// The sync feed's values, without zod: the web app's start reads them (issue 27, the light start).
/** The most changes one page of the feed carries. */
export const SYNC_CHANGES_MAX = 1000;
