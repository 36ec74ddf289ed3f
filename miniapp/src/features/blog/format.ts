import { LOCALE_TAGS, type Locale } from '@tracker/shared/locales';

export const formatPostDate = (iso: string, locale: Locale) => new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long' }).format(new Date(iso));
