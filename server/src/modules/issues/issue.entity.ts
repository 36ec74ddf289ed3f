import { defineEntity, p } from '@mikro-orm/core';

const IssueSchema = defineEntity({
  name: 'Issue',
  tableName: 'issues',
  properties: {
    id: p.integer().primary().autoincrement(),
    projectId: p.integer(),
    number: p.integer(),
    title: p.string().length(300),
    description: p.text().default(''),
    statusId: p.integer(),
    /** 0 none, 1 urgent, 2 high, 3 medium, 4 low (shared PRIORITY_VALUE). */
    priority: p.smallint().default(0),
    assigneeId: p.integer().nullable(),
    reporterId: p.integer().nullable(),
    startDate: p.date().nullable(),
    dueDate: p.date().nullable(),
    estimate: p.double().nullable(),
    parentId: p.integer().nullable(),
    sortOrder: p.double().default(0),
    customValues: p.json<Record<string, unknown>>(),
    completedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class Issue extends IssueSchema.class {}
IssueSchema.setClass(Issue);

const CommentSchema = defineEntity({
  name: 'Comment',
  tableName: 'comments',
  properties: {
    id: p.integer().primary().autoincrement(),
    issueId: p.integer(),
    authorId: p.integer().nullable(),
    body: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class Comment extends CommentSchema.class {}
CommentSchema.setClass(Comment);

const ActivitySchema = defineEntity({
  name: 'Activity',
  tableName: 'activities',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    issueId: p.integer().nullable(),
    streamId: p.integer().nullable(),
    projectId: p.integer().nullable(),
    actorId: p.integer().nullable(),
    action: p.string().length(30),
    field: p.string().length(60).nullable(),
    oldValue: p.json<unknown>().nullable(),
    newValue: p.json<unknown>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Activity extends ActivitySchema.class {}
ActivitySchema.setClass(Activity);

const AttachmentSchema = defineEntity({
  name: 'Attachment',
  tableName: 'attachments',
  properties: {
    id: p.integer().primary().autoincrement(),
    issueId: p.integer(),
    uploaderId: p.integer().nullable(),
    fileName: p.string().length(255),
    mimeType: p.string().length(127),
    size: p.integer(),
    storageKey: p.string().length(255).unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Attachment extends AttachmentSchema.class {}
AttachmentSchema.setClass(Attachment);

const SavedViewSchema = defineEntity({
  name: 'SavedView',
  tableName: 'saved_views',
  properties: {
    id: p.integer().primary().autoincrement(),
    ownerId: p.integer(),
    projectId: p.integer().nullable(),
    name: p.string().length(100),
    query: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class SavedView extends SavedViewSchema.class {}
SavedViewSchema.setClass(SavedView);

export { ActivitySchema, AttachmentSchema, CommentSchema, IssueSchema, SavedViewSchema };
