// The demo project's texts, in the language of the user who opens it. Due dates are days from today,
// so My work shows every group (overdue, today, this week, later, no date) straight away. Sub-issues,
// relations and labels are there so the issue page shows each of them on the user's first visit.
import type { Locale } from '@tracker/shared/locales';

type Priority = 'urgent' | 'high' | 'medium' | 'low' | 'none';
/** A default label, by its English name (every project has it, in its own language). */
type DefaultLabel = 'Bug' | 'Feature' | 'Improvement';

export interface DemoIssue {
  title: string;
  description: string;
  priority: Priority;
  /** Days from today; null: no due date. */
  dueIn: number | null;
  /** The workflow's first status of this category; otherwise the project's default status. */
  status?: 'started' | 'completed' | 'canceled';
  /** Index of the parent issue; a parent comes before its sub-issues. */
  parent?: number;
  labels?: DefaultLabel[];
}

/** Between issues by index, the same in both languages. */
export const DEMO_RELATIONS: readonly { from: number; to: number; type: 'blocks' | 'relates' | 'duplicates' }[] = [
  { from: 2, to: 0, type: 'blocks' },
  { from: 3, to: 4, type: 'relates' },
  { from: 8, to: 4, type: 'duplicates' },
];

export const DEMO_PROJECT: Record<Locale, { name: string; description: string; milestone: string; issues: DemoIssue[] }> = {
  en: {
    name: 'Demo: website launch',
    description: 'A sample project to look around in. Change, move or delete anything here: it is yours alone.',
    milestone: 'Launch',
    issues: [
      { title: 'Write the launch announcement', description: 'Two paragraphs for the blog and a short version for the channel.', priority: 'high', dueIn: -1 },
      { title: 'Check the sign-up form on a phone', description: 'Try it on a narrow screen, in both languages.', priority: 'urgent', dueIn: 0, status: 'started' },
      { title: 'Prepare screenshots for the store page', description: 'Light and dark themes.', priority: 'medium', dueIn: 3, labels: ['Improvement'] },
      { title: 'Plan the first user interviews', description: 'Five people, thirty minutes each.', priority: 'low', dueIn: 14 },
      { title: 'Collect ideas for the next release', description: 'Anything goes; sort them later.', priority: 'none', dueIn: null, labels: ['Feature'] },
      { title: 'Draft the blog post', description: 'Done: waiting for the screenshots.', priority: 'medium', dueIn: -3, status: 'completed', parent: 0 },
      { title: 'Cut a short version for the channel', description: 'Three lines and a link.', priority: 'low', dueIn: 1, parent: 0 },
      { title: 'The sign-up button hides behind the keyboard', description: 'On small phones the keyboard covers the button: scroll it into view.', priority: 'high', dueIn: 2, parent: 1, labels: ['Bug'] },
      { title: 'Gather ideas for version 2', description: 'The same as the ideas issue: closed as its duplicate.', priority: 'none', dueIn: null, status: 'canceled', labels: ['Feature'] },
    ],
  },
  ru: {
    name: 'Демо: запуск сайта',
    description: 'Пример проекта, чтобы осмотреться. Меняйте, двигайте и удаляйте что угодно — он только ваш.',
    milestone: 'Запуск',
    issues: [
      { title: 'Написать анонс запуска', description: 'Два абзаца для блога и короткая версия для канала.', priority: 'high', dueIn: -1 },
      { title: 'Проверить форму регистрации на телефоне', description: 'На узком экране, на обоих языках.', priority: 'urgent', dueIn: 0, status: 'started' },
      { title: 'Подготовить скриншоты для страницы в магазине', description: 'Светлая и тёмная темы.', priority: 'medium', dueIn: 3, labels: ['Improvement'] },
      { title: 'Спланировать первые интервью с пользователями', description: 'Пять человек по полчаса.', priority: 'low', dueIn: 14 },
      { title: 'Собрать идеи для следующего релиза', description: 'Любые; разберём потом.', priority: 'none', dueIn: null, labels: ['Feature'] },
      { title: 'Написать черновик поста для блога', description: 'Готово: ждём скриншоты.', priority: 'medium', dueIn: -3, status: 'completed', parent: 0 },
      { title: 'Сократить анонс для канала', description: 'Три строки и ссылка.', priority: 'low', dueIn: 1, parent: 0 },
      { title: 'Кнопка регистрации прячется под клавиатурой', description: 'На маленьких телефонах клавиатура закрывает кнопку: нужно прокрутить к ней.', priority: 'high', dueIn: 2, parent: 1, labels: ['Bug'] },
      { title: 'Собрать идеи для второй версии', description: 'То же, что задача с идеями: закрыта как её дубликат.', priority: 'none', dueIn: null, status: 'canceled', labels: ['Feature'] },
    ],
  },
};
