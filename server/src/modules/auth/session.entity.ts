import { defineEntity, p } from '@mikro-orm/core';

// Sessions live in PostgreSQL so several server instances share them (docs/architecture.md).
const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.string().primary(),
    userId: p.integer().nullable(),
    data: p.json<Record<string, unknown>>(),
    expiresAt: p.datetime(),
  },
});

export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session);
export { SessionSchema };
