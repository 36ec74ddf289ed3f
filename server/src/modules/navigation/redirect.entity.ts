import { defineEntity, p } from '@mikro-orm/core';

const RedirectSchema = defineEntity({
  name: 'Redirect',
  tableName: 'redirects',
  properties: {
    id: p.integer().primary().autoincrement(),
    fromPath: p.string().length(2000).unique(),
    // A path on this site, or an absolute URL whose host must be in the allow-list.
    to: p.string().length(2000),
    permanent: p.boolean().default(false),
    enabled: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Redirect extends RedirectSchema.class {}
RedirectSchema.setClass(Redirect);
export { RedirectSchema };
