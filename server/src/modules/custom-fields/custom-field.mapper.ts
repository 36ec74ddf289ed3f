import type { CustomField, CustomFieldType } from '@tracker/shared/api/custom-fields';
import { iso } from '../../db/sql.ts';

/** A field as the field reads select it (custom-field-reads.repository.ts): its options, chosen projects and value count. */
export interface FieldRow {
  id: number;
  type: string;
  name_ru: string;
  name_en: string;
  description_ru: string;
  description_en: string;
  required: boolean;
  default_value: unknown;
  scope: string;
  position: number;
  archived_at: Date | string | null;
  options: { id: number; name: string; color: string; position: number }[];
  project_ids: number[];
  value_count: number;
}

export function toCustomFieldDto(row: FieldRow): CustomField {
  return {
    id: row.id,
    type: row.type as CustomFieldType,
    name: { ru: row.name_ru, en: row.name_en },
    description: { ru: row.description_ru, en: row.description_en },
    required: row.required,
    defaultValue: row.default_value ?? null,
    scope: row.scope === 'projects' ? 'projects' : 'all',
    projectIds: row.project_ids.map(Number),
    options: row.options.map((o) => ({ id: Number(o.id), name: o.name, color: o.color, position: Number(o.position) })),
    position: row.position,
    archivedAt: iso(row.archived_at),
    valueCount: Number(row.value_count),
  };
}
