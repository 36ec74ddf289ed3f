import { z } from 'zod';
import { id, idParam, int32, jsonValue, text } from './fields.ts';
import { colorSchema } from './common.ts';
import { CUSTOM_FIELD_TYPES } from './values/custom-fields.ts';

export { CUSTOM_FIELD_TYPES };

export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const customFieldOptionSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string(), position: z.number().int() });
export type CustomFieldOption = z.infer<typeof customFieldOptionSchema>;

export const customFieldSchema = z.object({
  id: z.number().int(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  name: z.object({ ru: z.string(), en: z.string() }),
  description: z.object({ ru: z.string(), en: z.string() }),
  required: z.boolean(),
  defaultValue: z.unknown(),
  scope: z.enum(['all', 'projects']),
  projectIds: z.array(z.number().int()),
  options: z.array(customFieldOptionSchema),
  position: z.number().int(),
  archivedAt: z.string().nullable(),
  /** How many issues hold a value (admin view). */
  valueCount: z.number().int(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

const localized = (max: number, required: boolean) =>
  z.object({
    ru: required ? text().trim().min(1, 'validation.required').max(max, 'validation.tooLong') : text().max(max, 'validation.tooLong'),
    en: required ? text().trim().min(1, 'validation.required').max(max, 'validation.tooLong') : text().max(max, 'validation.tooLong'),
  });

/** Options are matched by id on update, so renaming keeps the values that point at them. */
const optionInput = z.object({
  id: id().optional(),
  name: text().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  color: colorSchema.default('#64748b'),
});

export const createCustomFieldSchema = z.object({
  type: z.enum(CUSTOM_FIELD_TYPES),
  name: localized(100, true),
  description: localized(2000, false).default({ ru: '', en: '' }),
  required: z.boolean().default(false),
  /** Checked like an issue's value; a select default may name an option (new options have no id yet). */
  defaultValue: jsonValue().optional(),
  scope: z.enum(['all', 'projects']).default('all'),
  projectIds: z.array(id()).max(1000).default([]),
  options: z.array(optionInput).max(200).default([]),
});
export type CreateCustomFieldRequest = z.input<typeof createCustomFieldSchema>;

export const updateCustomFieldSchema = z
  .object({
    type: z.enum(CUSTOM_FIELD_TYPES),
    name: localized(100, true),
    description: localized(2000, false),
    required: z.boolean(),
    defaultValue: jsonValue(),
    scope: z.enum(['all', 'projects']),
    projectIds: z.array(id()).max(1000),
    options: z.array(optionInput).max(200),
    position: int32(0),
  })
  .partial()
  .strict();

/** Deleting removes the field's value from every issue, so it takes an explicit `?confirm=true` or `{ "confirm": true }`. */
export const deleteCustomFieldSchema = z.object({
  confirm: z.preprocess((v) => v === true || v === 'true', z.literal(true, 'validation.confirmRequired')),
});

export const customFieldsQuerySchema = z.object({
  project: idParam().optional(),
  archived: z.enum(['0', '1', 'all']).default('0'),
});
export const customFieldsResponseSchema = z.object({ fields: z.array(customFieldSchema) });
export const customFieldResponseSchema = z.object({ field: customFieldSchema });
