// The column-mapping step of a CSV import: one select per header column, naming the issue field it
// fills (or a custom field of the column's name, or nothing).
import { CSV_TARGETS } from '@tracker/shared/api/values/imports';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  columns: string[];
  /** Field → column, as the API takes it. */
  mapping: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
  disabled?: boolean;
}

const FIELD = 'field:';

export function MappingStep({ columns, mapping, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const targetOf = (column: string) => Object.entries(mapping).find(([, c]) => c === column)?.[0] ?? '';
  const choose = (column: string, target: string) => {
    const next = Object.fromEntries(Object.entries(mapping).filter(([k, c]) => c !== column && k !== target));
    if (target) next[target] = column;
    onChange(next);
  };
  return (
    <fieldset className="imp-mapping" data-testid="import-mapping">
      <legend>{t('imports.mapping.title')}</legend>
      <p className="hint">{t('imports.mapping.hint')}</p>
      <ul className="rows">
        {columns.map((column, i) => (
          <li key={`${i}-${column}`} className="row imp-mapping__row">
            <label htmlFor={`${id}-${i}`} className="row__grow imp-mapping__col">
              {column || '—'}
            </label>
            <select id={`${id}-${i}`} value={targetOf(column)} disabled={disabled} data-testid="import-mapping-select" data-column={column} onChange={(e) => choose(column, e.target.value)}>
              <option value="">{t('imports.mapping.none')}</option>
              {CSV_TARGETS.map((target) => (
                <option key={target} value={target}>
                  {t(`imports.targets.${target}`)}
                </option>
              ))}
              <option value={`${FIELD}${column}`}>{t('imports.mapping.customField', { name: column })}</option>
            </select>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
