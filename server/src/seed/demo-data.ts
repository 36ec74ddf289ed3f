// Words the demo workspace is made of: believable in both languages.
export const DEMO_USERS = [
  { name: 'Анна Смирнова', email: 'anna@demo.tracker', locale: 'ru' },
  { name: 'Иван Петров', email: 'ivan@demo.tracker', locale: 'ru' },
  { name: 'Мария Кузнецова', email: 'maria@demo.tracker', locale: 'ru' },
  { name: 'Дмитрий Волков', email: 'dmitry@demo.tracker', locale: 'ru' },
  { name: 'Ольга Соколова', email: 'olga@demo.tracker', locale: 'ru' },
  { name: 'Сергей Морозов', email: 'sergey@demo.tracker', locale: 'ru' },
  { name: 'Emily Carter', email: 'emily@demo.tracker', locale: 'en' },
  { name: 'James Wilson', email: 'james@demo.tracker', locale: 'en' },
  { name: 'Sofia Martinez', email: 'sofia@demo.tracker', locale: 'en' },
  { name: 'Liam Brown', email: 'liam@demo.tracker', locale: 'en' },
] as const;

export const DEMO_PASSWORD = 'demo-lantern-42';

export const DEMO_PROJECTS = [
  { key: 'WEB', locale: 'ru', color: '#3b82f6', name: 'Веб-сайт', description: 'Публичный сайт и личный кабинет клиентов.\n\n- релизы по вторникам\n- дизайн-система в Figma' },
  { key: 'MOB', locale: 'ru', color: '#10b981', name: 'Мобильное приложение', description: 'Приложения для iOS и Android: **оплата**, уведомления, профиль.' },
  { key: 'OPS', locale: 'en', color: '#f59e0b', name: 'Infrastructure', description: 'Servers, CI, monitoring and the on-call rota.' },
] as const;

/** The milestones of every project, in its language: one passed, one near, one later. */
export const DEMO_MILESTONES = {
  ru: ['Бета для своих', 'Публичный запуск', 'Версия 2.0'],
  en: ['Internal beta', 'Public launch', 'Version 2.0'],
} as const;

export const TITLE_PARTS = {
  ru: {
    verbs: ['Починить', 'Добавить', 'Обновить', 'Переделать', 'Проверить', 'Ускорить', 'Убрать', 'Описать', 'Перевести', 'Настроить'],
    objects: ['вход через Telegram', 'страницу оплаты', 'форму регистрации', 'push-уведомления', 'экспорт в CSV', 'поиск по задачам', 'тёмную тему', 'профиль пользователя', 'ленту событий', 'загрузку аватара', 'фильтры списка', 'календарь релизов'],
    tails: ['', ' на мобильных', ' для новых пользователей', ' после обновления', ' в Safari', ' в разделе настроек'],
  },
  en: {
    verbs: ['Fix', 'Add', 'Update', 'Rework', 'Check', 'Speed up', 'Remove', 'Document', 'Translate', 'Configure'],
    objects: ['backup rotation', 'the CI cache', 'alerting rules', 'TLS certificates', 'the staging database', 'log retention', 'the deploy pipeline', 'disk usage alerts', 'the status page', 'DNS records', 'rate limits', 'the on-call rota'],
    tails: ['', ' on staging', ' for the EU region', ' after the upgrade', ' in production', ' before the audit'],
  },
} as const;

export const COMMENTS = {
  ru: ['Посмотрю сегодня.', 'Воспроизводится только на Android 14.', 'Готово, проверьте, пожалуйста.', 'Нужен макет от дизайнеров.', 'Перенёс на следующую неделю.', 'Похоже на дубль — ищу исходную задачу.'],
  en: ['Looking into it today.', 'Only happens on the EU cluster.', 'Done, please review.', 'Blocked on the vendor.', 'Moved to next week.', 'Looks like a duplicate.'],
} as const;

export const DEMO_STREAMS = [
  { name: 'Запуск оплаты картами', status: 'in_progress', health: 'on_track', update: 'Интеграция с банком готова, осталось тестирование.' },
  { name: 'Редизайн профиля', status: 'planned', health: 'at_risk', update: 'Ждём финальные макеты, сроки под угрозой.' },
  { name: 'Q4 reliability', status: 'in_progress', health: 'off_track', update: 'Two incidents this month; the postmortems are in progress.' },
  { name: 'Telegram-first onboarding', status: 'backlog', health: 'on_track', update: 'Scoping the bot flows with support.' },
] as const;
