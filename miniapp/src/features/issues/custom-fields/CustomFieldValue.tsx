// A custom field value as read-only text: option chips with their colours, links, yes/no, dates.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale.ts';
import { formatCustomValue, plainT } from '../detail/activity-format.ts';
import { userName } from '../detail/people.ts';
import { OptionChip } from '../../../components/picker/values.tsx';
import { isEmptyValue } from './values.ts';

export function CustomFieldValue({ field, value }: { field: CustomField; value: unknown }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (isEmptyValue(value)) return <span className="muted">{t('issues.common.none')}</span>;
  if (field.type === 'url' && typeof value === 'string')
    return (
      <a href={value} target="_blank" rel="noopener noreferrer nofollow" className="break">
        {value}
      </a>
    );
  if (field.type === 'select' || field.type === 'multiselect') {
    const ids = Array.isArray(value) ? value : [value];
    return (
      <span className="chips">
        {field.options.filter((o) => ids.includes(o.id)).map((o) => (
          <OptionChip key={o.id} option={o} />
        ))}
      </span>
    );
  }
  return <span className="break">{formatCustomValue(field, value, { t: plainT(t), locale, userName })}</span>;
}
