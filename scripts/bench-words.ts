// The words the bench data set and its load are made of: people, projects, sentences and search
// terms in both languages. Titles and comments reuse the demo workspace's (server/src/seed).
import { COMMENTS, TITLE_PARTS } from '../server/src/seed/demo-data.ts';

export { COMMENTS, TITLE_PARTS };

/** First and last names by gender, so Russian surnames agree (Смирнова, Петров). */
export const PEOPLE = {
  ru: {
    female: { first: ['Анна', 'Мария', 'Ольга', 'Екатерина', 'Наталья', 'Ирина', 'Светлана'], last: ['Смирнова', 'Кузнецова', 'Соколова', 'Попова', 'Лебедева', 'Новикова', 'Морозова'] },
    male: { first: ['Иван', 'Дмитрий', 'Сергей', 'Алексей', 'Павел', 'Михаил', 'Андрей'], last: ['Петров', 'Волков', 'Морозов', 'Козлов', 'Орлов', 'Фёдоров', 'Егоров'] },
  },
  en: {
    female: { first: ['Emily', 'Sofia', 'Olivia', 'Grace', 'Chloe', 'Hannah', 'Lucy'], last: ['Carter', 'Martinez', 'Walker', 'Hughes', 'Turner', 'Foster', 'Reed'] },
    male: { first: ['James', 'Liam', 'Noah', 'Oliver', 'Ethan', 'Lucas', 'Henry'], last: ['Wilson', 'Brown', 'Taylor', 'Clarke', 'Evans', 'Bennett', 'Hayes'] },
  },
} as const;

export const BENCH_PROJECTS = [
  { key: 'WEB', locale: 'ru', color: '#3b82f6', visibility: 'members', name: 'Веб-сайт', description: 'Публичный сайт и личный кабинет клиентов.' },
  { key: 'MOB', locale: 'ru', color: '#10b981', visibility: 'members', name: 'Мобильное приложение', description: 'Приложения для iOS и Android.' },
  { key: 'OPS', locale: 'en', color: '#f59e0b', visibility: 'members', name: 'Infrastructure', description: 'Servers, CI, monitoring and the on-call rota.' },
  { key: 'API', locale: 'en', color: '#8b5cf6', visibility: 'all', name: 'Public API', description: 'The partner API and its documentation.' },
  { key: 'CRM', locale: 'ru', color: '#ef4444', visibility: 'members', name: 'CRM и продажи', description: 'Воронка продаж, счета и интеграции с банком.' },
] as const;

/** Sentences descriptions are made of. */
export const SENTENCES = {
  ru: [
    'Воспроизводится на последней версии.',
    'Пользователи жалуются в поддержку уже неделю.',
    'Шаги: открыть страницу, подождать, нажать «Сохранить».',
    'Ожидается, что всё работает без перезагрузки.',
    'Макет лежит в Figma, ссылка в комментариях.',
    'Нужно согласовать с отделом продаж.',
    'Проверить на медленном соединении.',
    'После исправления добавить автотест.',
  ],
  en: [
    'Reproduces on the latest release.',
    'Customers have been reporting it for a week.',
    'Steps: open the page, wait, press Save.',
    'Expected: it works without a reload.',
    'The runbook needs updating afterwards.',
    'Check with the security team first.',
    'Happens mostly under peak load.',
    'Add an alert once this is fixed.',
  ],
} as const;

/** What people type into search: whole words, stems, and a typo now and then (bench-load picks). */
export const SEARCH_WORDS = {
  ru: ['оплаты', 'уведомления', 'регистрации', 'аватара', 'календарь', 'тёмную тему', 'экспорт', 'Safari', 'профиль', 'фильтры', 'вход', 'ленту событий'],
  en: ['backup', 'certificates', 'deploy pipeline', 'alerting', 'staging', 'DNS', 'rate limits', 'retention', 'status page', 'on-call', 'disk usage', 'audit'],
} as const;

/** A typo as people make them: a dropped, doubled or swapped letter. */
export function typo(word: string, rnd: () => number): string {
  const chars = [...word];
  if (chars.length < 4) return word;
  const at = 1 + Math.floor(rnd() * (chars.length - 2));
  const kind = Math.floor(rnd() * 3);
  if (kind === 0) chars.splice(at, 1);
  else if (kind === 1) chars.splice(at, 0, chars[at]!);
  else [chars[at], chars[at + 1]] = [chars[at + 1]!, chars[at]!];
  return chars.join('');
}
