import { defineEntity, p } from '@mikro-orm/core';

/** One upload and what became of it (migration imports). */
const ImportJobSchema = defineEntity({
  name: 'ImportJob',
  tableName: 'imports',
  properties: {
    id: p.integer().primary().autoincrement(),
    projectId: p.integer(),
    userId: p.integer().nullable(),
    format: p.string().length(20),
    fileName: p.string().length(255),
    mapping: p.json<Record<string, unknown>>(),
    status: p.string().length(20),
    progressDone: p.integer().default(0),
    progressTotal: p.integer().default(0),
    report: p.json<Record<string, unknown>>().nullable(),
    preview: p.json<Record<string, unknown>>().nullable(),
    file: p.blob().nullable().lazy(),
    locale: p.string().length(5),
    createdAt: p.datetime().onCreate(() => new Date()),
    finishedAt: p.datetime().nullable(),
  },
});
export class ImportJob extends ImportJobSchema.class {}
ImportJobSchema.setClass(ImportJob);

export { ImportJobSchema };
