import type { ImportSkip } from '@tracker/shared/api/imports';
import type { TFunction } from 'i18next';

/** "Row 5: no title" in the reader's language; a reason this version has no text for is named as it is. */
export function skipText(t: TFunction, i18nExists: (key: string) => boolean, skip: ImportSkip): string {
  const key = `imports.reasons.${skip.reason}`;
  const reason = i18nExists(key) ? t(key, skip.values ?? {}) : t('imports.reasons.other', { reason: skip.reason });
  return `${t('imports.rowLabel', { row: skip.row })}: ${reason}`;
}
