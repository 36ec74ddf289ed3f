import type { StatusCategory } from '@tracker/shared/api/projects';

type Locale = 'ru' | 'en';

interface DefaultStatus {
  name: Record<Locale, string>;
  category: StatusCategory;
  color: string;
}

/** The workflow every new project starts with, in the creator's language. */
export const DEFAULT_STATUSES: readonly DefaultStatus[] = [
  { name: { en: 'Backlog', ru: 'Бэклог' }, category: 'backlog', color: '#94a3b8' },
  { name: { en: 'Todo', ru: 'К выполнению' }, category: 'unstarted', color: '#64748b' },
  { name: { en: 'In Progress', ru: 'В работе' }, category: 'started', color: '#f59e0b' },
  { name: { en: 'In Review', ru: 'На проверке' }, category: 'started', color: '#8b5cf6' },
  { name: { en: 'Done', ru: 'Готово' }, category: 'completed', color: '#22c55e' },
  { name: { en: 'Cancelled', ru: 'Отменено' }, category: 'canceled', color: '#ef4444' },
];

export const DEFAULT_LABELS: readonly { name: Record<Locale, string>; color: string }[] = [
  { name: { en: 'Bug', ru: 'Ошибка' }, color: '#ef4444' },
  { name: { en: 'Feature', ru: 'Функция' }, color: '#3b82f6' },
  { name: { en: 'Improvement', ru: 'Улучшение' }, color: '#10b981' },
];

export const workflowLocale = (locale: string | null | undefined): Locale => (locale === 'en' ? 'en' : 'ru');
