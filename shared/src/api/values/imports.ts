// The imports values, without zod: the web app's start reads them (issue 27, the light start);
// ../imports.ts builds its schemas on them and exports them too.
/** The record fields a generic CSV column can fill (plus `field:<custom field name>`). */
export const CSV_TARGETS = [
  'title',
  'description',
  'status',
  'priority',
  'assignee',
  'reporter',
  'labels',
  'dueDate',
  'startDate',
  'estimate',
  'createdAt',
  'updatedAt',
  'completedAt',
  'externalId',
  'parentExternalId',
] as const;
