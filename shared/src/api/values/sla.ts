// SLA values without zod (issue 29): the list filter and the web app's settings read them at the start.
export const SLA_FILTERS = ['at-risk', 'breached'] as const;
export type SlaFilter = (typeof SLA_FILTERS)[number];
/** ISO weekdays, 1 = Monday … 7 = Sunday. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
