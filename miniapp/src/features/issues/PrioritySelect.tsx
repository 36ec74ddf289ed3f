import { PRIORITIES, type Priority } from '@tracker/shared/api/issues';
import { useTranslation } from 'react-i18next';

/** The priority `<select>` of the issue form and the issue page, with its options in the page's language. */
export function PrioritySelect({ id, testid, value, disabled, onChange }: { id: string; testid: string; value: Priority; disabled?: boolean; onChange(priority: Priority): void }) {
  const { t } = useTranslation();
  return (
    <select id={id} data-testid={testid} disabled={disabled} value={value} onChange={(e) => onChange(e.target.value as Priority)}>
      {PRIORITIES.map((p) => (
        <option key={p} value={p}>
          {t(`issues.priority.${p}`)}
        </option>
      ))}
    </select>
  );
}
