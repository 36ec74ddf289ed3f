import { defineEntity, p } from '@mikro-orm/core';

/** A repeating issue's series (migration recurrences; docs/recurring.md). The service writes it with SQL. */
const RecurrenceSchema = defineEntity({
  name: 'Recurrence',
  tableName: 'recurrences',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The series' head: the template (schedule) or the current issue (on_complete). */
    issueId: p.integer().unique(),
    rrule: p.text(),
    mode: p.string(),
    dtstart: p.datetime(),
    nextAt: p.datetime().nullable(),
    lastOccurrenceAt: p.datetime().nullable(),
    createdBy: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Recurrence extends RecurrenceSchema.class {}
RecurrenceSchema.setClass(Recurrence);

export { RecurrenceSchema };
