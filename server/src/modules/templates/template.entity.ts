import { defineEntity, p } from '@mikro-orm/core';

// The service reads and writes with SQL (like the neighbouring modules); the entity declares the table.
const IssueTemplateSchema = defineEntity({
  name: 'IssueTemplate',
  tableName: 'issue_templates',
  properties: {
    id: p.integer().primary().autoincrement(),
    projectId: p.integer(),
    name: p.string().length(40),
    /** The name lower-cased in JavaScript: the per-project unique key. */
    nameKey: p.string().length(40),
    titlePattern: p.string().length(300).default('{title}'),
    description: p.text().default(''),
    labelIds: p.array<number>().default([]),
    /** 0 none, 1 urgent, 2 high, 3 medium, 4 low (shared PRIORITY_VALUE). */
    priority: p.smallint().default(0),
    assigneeId: p.integer().nullable(),
    estimate: p.double().nullable(),
    dueInDays: p.integer().nullable(),
    customValues: p.json<Record<string, unknown>>(),
    checklist: p.json<string[]>(),
    position: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class IssueTemplate extends IssueTemplateSchema.class {}
IssueTemplateSchema.setClass(IssueTemplate);

export { IssueTemplateSchema };
