import { defineEntity, p } from '@mikro-orm/core';

const ApiTokenSchema = defineEntity({
  name: 'ApiToken',
  tableName: 'api_tokens',
  properties: {
    id: p.integer().primary().autoincrement(),
    userId: p.integer(),
    name: p.string().length(100),
    scope: p.string().length(5),
    /** SHA-256 of the secret token; the token itself is shown once and never stored. */
    tokenHash: p.string().length(64).unique(),
    expiresAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class ApiToken extends ApiTokenSchema.class {}
ApiTokenSchema.setClass(ApiToken);

export { ApiTokenSchema };
