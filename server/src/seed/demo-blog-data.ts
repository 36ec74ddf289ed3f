// The demo workspace's blog: three published posts, each in both languages, so the public blog, its
// language switch and the Markdown renderer (code blocks, tables) have something real to show.
import type { PostInput } from '@tracker/shared/api/blog';

export interface DemoPost {
  slug: string;
  tags: string[];
  /** Days before the seed ran. */
  daysAgo: number;
  /** Index into DEMO_USERS. */
  author: number;
  versions: Required<PostInput['versions']>;
}

export const DEMO_POSTS: readonly DemoPost[] = [
  {
    slug: 'hello-tracker',
    tags: ['news'],
    daysAgo: 21,
    author: 0,
    versions: {
      ru: {
        title: 'Знакомьтесь: Трекер',
        excerpt: 'Задачи, проекты и потоки работ — в браузере и прямо в Telegram.',
        body: `Мы сделали трекер для команд, которые и так живут в Telegram: задачи создаются из чата, а приложение открывается одной кнопкой.

## Что внутри

| Раздел | Для чего |
|---|---|
| Мои задачи | всё, что назначено вам, по срокам |
| Проекты | список, доска и календарь задач |
| Потоки | большие цели поверх нескольких проектов |

Задачу можно разбить на подзадачи, а связи «блокирует» и «дублирует» подскажут, что делать первым.

## Попробовать

\`\`\`sh
npm install && npm start
\`\`\`

Откройте http://localhost:3000 и выберите «Открыть демо-проект».`,
      },
      en: {
        title: 'Meet Tracker',
        excerpt: 'Issues, projects and streams of work — in the browser and right inside Telegram.',
        body: `We built a tracker for teams that already live in Telegram: issues are created from a chat, and the app opens with one tap.

## What is inside

| Section | What it is for |
|---|---|
| My work | everything assigned to you, by due date |
| Projects | a list, a board and a calendar of issues |
| Streams | bigger goals across several projects |

Split an issue into sub-issues, and let "blocks" and "duplicates" relations tell you what comes first.

## Try it

\`\`\`sh
npm install && npm start
\`\`\`

Open http://localhost:3000 and choose "Open a demo project".`,
      },
    },
  },
  {
    slug: 'quick-add-in-one-line',
    tags: ['tips'],
    daysAgo: 9,
    author: 6,
    versions: {
      ru: {
        title: 'Быстрое добавление: задача в одну строку',
        excerpt: 'Срок, исполнитель, метка и приоритет — прямо в названии задачи.',
        body: `Поле «Быстро добавить» понимает короткие пометки. Наберите строку и нажмите Enter:

\`\`\`text
Починить вход завтра @ivan #ошибка !высокий
\`\`\`

| Пометка | Что делает | Пример |
|---|---|---|
| \`@имя\` | назначает исполнителя | \`@ivan\`, \`@я\` |
| \`#метка\` | ставит метку проекта | \`#ошибка\`, \`#функция\` |
| \`!приоритет\` | задаёт приоритет | \`!срочно\`, \`!низкий\` |
| \`+КЛЮЧ\` | выбирает проект | \`+MOB\` |
| дата | задаёт срок | \`завтра\`, \`в пятницу\`, \`15 марта\` |

Всё, что не распознано, остаётся в названии. Пометки подсвечиваются ещё до отправки, так что ошибку видно сразу.`,
      },
      en: {
        title: 'Quick add: an issue in one line',
        excerpt: 'Due date, assignee, label and priority — right in the title.',
        body: `The quick-add field understands short markers. Type a line and press Enter:

\`\`\`text
Fix login tomorrow @ivan #bug !high
\`\`\`

| Marker | What it does | Example |
|---|---|---|
| \`@name\` | assigns someone | \`@ivan\`, \`@me\` |
| \`#label\` | adds a project label | \`#bug\`, \`#feature\` |
| \`!priority\` | sets the priority | \`!urgent\`, \`!low\` |
| \`+KEY\` | picks the project | \`+OPS\` |
| a date | sets the due date | \`tomorrow\`, \`on friday\`, \`march 15\` |

Anything it does not recognise stays in the title. Markers are highlighted before you send, so a typo shows at once.`,
      },
    },
  },
  {
    slug: 'self-hosting-with-docker',
    tags: ['self-hosting'],
    daysAgo: 2,
    author: 7,
    versions: {
      ru: {
        title: 'Свой сервер за десять минут',
        excerpt: 'Docker Compose, PostgreSQL и бот — на вашей машине.',
        body: `Трекер — это один процесс Node.js и PostgreSQL. Для своего сервера хватит Docker Compose:

\`\`\`sh
export PUBLIC_URL=https://tracker.example.com
export SESSION_SECRET=$(openssl rand -hex 32)
docker compose up -d
\`\`\`

Главные настройки:

| Переменная | Зачем |
|---|---|
| \`PUBLIC_URL\` | адрес, по которому вас находят пользователи |
| \`SESSION_SECRET\` | подпись сессий, не короче 32 символов |
| \`TELEGRAM_BOT_TOKEN\` | токен бота от BotFather; без него бот выключен |
| \`SMTP_URL\` | почта; без неё письма пишутся в папку \`outbox\` |

Резервная копия — одна команда: \`npm run backup\`.`,
      },
      en: {
        title: 'Your own server in ten minutes',
        excerpt: 'Docker Compose, PostgreSQL and the bot — on your own machine.',
        body: `Tracker is one Node.js process and PostgreSQL. Docker Compose is all a server of your own needs:

\`\`\`sh
export PUBLIC_URL=https://tracker.example.com
export SESSION_SECRET=$(openssl rand -hex 32)
docker compose up -d
\`\`\`

The main settings:

| Variable | Why |
|---|---|
| \`PUBLIC_URL\` | the address your users reach |
| \`SESSION_SECRET\` | signs sessions, at least 32 characters |
| \`TELEGRAM_BOT_TOKEN\` | the bot's token from BotFather; without it the bot is off |
| \`SMTP_URL\` | mail; without it messages go to the \`outbox\` folder |

A backup is one command: \`npm run backup\`.`,
      },
    },
  },
];
