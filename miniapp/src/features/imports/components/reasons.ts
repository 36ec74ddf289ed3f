import type { ImportSkip } from '@tracker/shared/api/imports';
import type { TFunction } from 'i18next';

/**
 * "Row 5: no title" in the reader's language. The formats' own row problems have their texts at
 * `errors.import.<code>`; a reason without any text is named as it is.
 */
export function skipText(t: TFunction, i18nExists: (key: string) => boolean, skip: ImportSkip): string {
  const key = [`imports.reasons.${skip.reason}`, `errors.import.${skip.reason}`].find(i18nExists);
  const reason = key ? t(key, skip.values ?? {}) : t('imports.reasons.other', { reason: skip.reason });
  return `${t('imports.rowLabel', { row: skip.row })}: ${reason}`;
}
