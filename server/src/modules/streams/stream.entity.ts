import { defineEntity, p } from '@mikro-orm/core';

const StreamSchema = defineEntity({
  name: 'Stream',
  tableName: 'streams',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    description: p.text().default(''),
    status: p.string().length(12).default('planned'),
    leadId: p.integer().nullable(),
    startDate: p.date().nullable(),
    targetDate: p.date().nullable(),
    createdBy: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class Stream extends StreamSchema.class {}
StreamSchema.setClass(Stream);

const StreamUpdateSchema = defineEntity({
  name: 'StreamUpdate',
  tableName: 'stream_updates',
  properties: {
    id: p.integer().primary().autoincrement(),
    streamId: p.integer(),
    authorId: p.integer().nullable(),
    body: p.text(),
    health: p.string().length(10),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class StreamUpdate extends StreamUpdateSchema.class {}
StreamUpdateSchema.setClass(StreamUpdate);

export { StreamSchema, StreamUpdateSchema };
