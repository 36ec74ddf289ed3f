// Timeline values, without zod: the timeline screen reads them (issue 29).
/** The longest range one timeline request covers, in days (a quarter zoom's window fits). */
export const TIMELINE_MAX_DAYS = 400;
/** The most "blocks" pairs one answer holds. */
export const TIMELINE_RELATIONS_LIMIT = 5000;
