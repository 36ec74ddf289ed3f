import { defineEntity, p } from '@mikro-orm/core';

const CustomFieldSchema = defineEntity({
  name: 'CustomField',
  tableName: 'custom_fields',
  properties: {
    id: p.integer().primary().autoincrement(),
    type: p.string().length(12),
    nameRu: p.string().length(100),
    nameEn: p.string().length(100),
    descriptionRu: p.text().default(''),
    descriptionEn: p.text().default(''),
    required: p.boolean().default(false),
    defaultValue: p.json<unknown>().nullable(),
    scope: p.string().length(10).default('all'),
    position: p.integer().default(0),
    archivedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class CustomField extends CustomFieldSchema.class {}
CustomFieldSchema.setClass(CustomField);

const CustomFieldOptionSchema = defineEntity({
  name: 'CustomFieldOption',
  tableName: 'custom_field_options',
  properties: {
    id: p.integer().primary().autoincrement(),
    fieldId: p.integer(),
    name: p.string().length(100),
    color: p.string().length(7).default('#64748b'),
    position: p.integer().default(0),
  },
});
export class CustomFieldOption extends CustomFieldOptionSchema.class {}
CustomFieldOptionSchema.setClass(CustomFieldOption);

export { CustomFieldOptionSchema, CustomFieldSchema };
