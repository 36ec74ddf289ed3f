import { defineEntity, p } from '@mikro-orm/core';

const CalendarFeedSchema = defineEntity({
  name: 'CalendarFeed',
  tableName: 'calendar_feeds',
  properties: {
    id: p.integer().primary().autoincrement(),
    ownerId: p.integer(),
    scope: p.string().length(10),
    scopeId: p.integer().nullable(),
    /** SHA-256 of the secret token; the token itself is shown once and never stored. */
    tokenHash: p.string().length(64).unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    revokedAt: p.datetime().nullable(),
    /** The personal access token that made it, if one did: the feed ends with the token. */
    apiTokenId: p.integer().nullable(),
  },
});
export class CalendarFeed extends CalendarFeedSchema.class {}
CalendarFeedSchema.setClass(CalendarFeed);

export { CalendarFeedSchema };
