import { defineEntity, p } from '@mikro-orm/core';

/** Minutes one person worked on an issue on one day (Migration20261203700000_time_entries). */
const TimeEntrySchema = defineEntity({
  name: 'TimeEntry',
  tableName: 'time_entries',
  properties: {
    id: p.integer().primary().autoincrement(),
    issueId: p.integer(),
    userId: p.integer(),
    minutes: p.integer(),
    date: p.date(),
    note: p.text().default(''),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class TimeEntry extends TimeEntrySchema.class {}
TimeEntrySchema.setClass(TimeEntry);

export { TimeEntrySchema };
