// A custom field edited in place on the issue page: text-like values save on leaving the input (or
// Enter), choices save at once.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomFieldInput } from '../custom-fields/CustomFieldInput.tsx';
import { CustomFieldValue } from '../custom-fields/CustomFieldValue.tsx';
import { useDraft } from './use-draft.ts';
import type { IssueController } from './use-issue.ts';

const IMMEDIATE = new Set(['checkbox', 'select', 'multiselect', 'user', 'date']);

export const InlineCustomField = memo(function InlineCustomField({ field, value, canEdit, ctl }: { field: CustomField; value: unknown; canEdit: boolean; ctl: IssueController }) {
  const { i18n } = useTranslation();
  const [draft, setDraft] = useDraft<unknown>(value ?? null);
  const key = String(field.id);
  const commit = (v: unknown) => {
    if (JSON.stringify(v ?? null) === JSON.stringify(value ?? null)) return;
    const sent = typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v;
    void ctl.patch({ customValues: { [key]: sent } }, { customValues: { ...ctl.current()?.issue.customValues, [key]: sent } });
  };
  if (!canEdit) {
    return (
      <div className="field">
        <span className="field__label">{field.name[i18n.language === 'en' ? 'en' : 'ru'] || field.name.ru}</span>
        <CustomFieldValue field={field} value={value} />
      </div>
    );
  }
  return (
    <div
      onBlur={(e) => {
        if (!IMMEDIATE.has(field.type) && !e.currentTarget.contains(e.relatedTarget as Node | null)) commit(draft);
      }}
      onKeyDown={(e) => e.key === 'Enter' && !IMMEDIATE.has(field.type) && commit(draft)}
    >
      <CustomFieldInput
        field={field}
        value={draft}
        onChange={(v) => {
          setDraft(v);
          if (IMMEDIATE.has(field.type)) commit(v);
        }}
      />
    </div>
  );
});
