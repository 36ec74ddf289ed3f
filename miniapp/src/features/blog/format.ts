import type { Locale } from '@tracker/shared/locales';
import { formatDate } from '../../lib/dates.ts';

export const formatPostDate = (iso: string, locale: Locale) => formatDate(iso, locale, { dateStyle: 'long' });
