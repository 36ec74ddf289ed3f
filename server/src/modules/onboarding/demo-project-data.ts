// The demo project's texts, in the language of the user who opens it. Due dates are days from today,
// so My work shows every group (overdue, today, this week, later, no date) straight away.
import type { Locale } from '@tracker/shared/locales';

type Priority = 'urgent' | 'high' | 'medium' | 'low' | 'none';

export interface DemoIssue {
  title: string;
  description: string;
  priority: Priority;
  /** Days from today; null: no due date. */
  dueIn: number | null;
  /** The issue is in the workflow's first "started" status. */
  started?: boolean;
}

export const DEMO_PROJECT: Record<Locale, { name: string; description: string; issues: DemoIssue[] }> = {
  en: {
    name: 'Demo: website launch',
    description: 'A sample project to look around in. Change, move or delete anything here: it is yours alone.',
    issues: [
      { title: 'Write the launch announcement', description: 'Two paragraphs for the blog and a short version for the channel.', priority: 'high', dueIn: -1 },
      { title: 'Check the sign-up form on a phone', description: 'Try it on a narrow screen, in both languages.', priority: 'urgent', dueIn: 0, started: true },
      { title: 'Prepare screenshots for the store page', description: 'Light and dark themes.', priority: 'medium', dueIn: 3 },
      { title: 'Plan the first user interviews', description: 'Five people, thirty minutes each.', priority: 'low', dueIn: 14 },
      { title: 'Collect ideas for the next release', description: 'Anything goes; sort them later.', priority: 'none', dueIn: null },
    ],
  },
  ru: {
    name: 'Демо: запуск сайта',
    description: 'Пример проекта, чтобы осмотреться. Меняйте, двигайте и удаляйте что угодно — он только ваш.',
    issues: [
      { title: 'Написать анонс запуска', description: 'Два абзаца для блога и короткая версия для канала.', priority: 'high', dueIn: -1 },
      { title: 'Проверить форму регистрации на телефоне', description: 'На узком экране, на обоих языках.', priority: 'urgent', dueIn: 0, started: true },
      { title: 'Подготовить скриншоты для страницы в магазине', description: 'Светлая и тёмная темы.', priority: 'medium', dueIn: 3 },
      { title: 'Спланировать первые интервью с пользователями', description: 'Пять человек по полчаса.', priority: 'low', dueIn: 14 },
      { title: 'Собрать идеи для следующего релиза', description: 'Любые; разберём потом.', priority: 'none', dueIn: null },
    ],
  },
};
