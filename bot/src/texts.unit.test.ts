// Bot texts through the shared i18next translator: one wording per event with the inbox and the
// issue's activity, values escaped once for parse_mode HTML, plural forms for counts.
import { resources } from '@tracker/shared/i18n';
import { EVENT_KINDS } from '@tracker/shared/i18n/events';
import { lazyResources } from '@tracker/shared/i18n/lazy';
import { LOCALES } from '@tracker/shared/locales';
import { describe, expect, it } from 'vitest';
import { t } from './i18n.ts';
import { notifyHeadline } from './notify-text.ts';

type Tree = { [key: string]: string | Tree };
const texts = (tree: unknown): string[] => Object.values(tree as Tree).flatMap((v) => (typeof v === 'string' ? [v] : texts(v)));

describe('event wording shared by the bot, the inbox and the activity', () => {
  it('names each event with the shared phrase, after the actor in bold', () => {
    for (const locale of LOCALES) {
      for (const kind of EVENT_KINDS) {
        const phrase = resources[locale].events.kinds[kind];
        const line = notifyHeadline(locale, kind, kind === 'dueTomorrow' ? null : 'Anna Smirnova', { from: 'Todo', to: 'Done' });
        expect(line, `${locale} ${kind}`).toContain(phrase);
      }
    }
    expect(notifyHeadline('ru', 'assigned', 'Анна Смирнова')).toBe('<strong>Анна Смирнова</strong>: назначена задача');
    expect(notifyHeadline('en', 'assigned', 'Anna Smirnova')).toBe('<strong>Anna Smirnova</strong> assigned you an issue');
    expect(notifyHeadline('ru', 'statusChanged', 'Анна', { from: 'Todo', to: 'Done' })).toBe('<strong>Анна</strong>: изменён статус «Todo» → «Done»');
    expect(notifyHeadline('en', 'dueTomorrow', null)).toBe('Due tomorrow');
  });

  it('keeps event words in one key set: no copies in the bot, inbox, issue or project activity texts', async () => {
    for (const locale of LOCALES) {
      const [inbox, issues, projects] = await Promise.all([lazyResources.inbox[locale](), lazyResources.issues[locale](), lazyResources.projects[locale]()]);
      expect(resources[locale].bot).not.toHaveProperty('notify');
      expect(inbox.default).not.toHaveProperty('kinds');
      expect(inbox.default).not.toHaveProperty('byActor');
      expect(issues.default.activity).not.toHaveProperty('byActor');
      expect(issues.default.activity).not.toHaveProperty('created');
      for (const copy of ['created', 'status', 'commented']) expect(projects.default.activity).not.toHaveProperty(copy);
    }
  });

  it('words Russian bot, mail, inbox and event texts without "(а)" or "(ла)"', async () => {
    const [inbox, account] = await Promise.all([lazyResources.inbox.ru(), lazyResources.account.ru()]);
    const all = [resources.ru.bot, resources.ru.events, inbox.default, account.default].flatMap(texts);
    expect(all.filter((s) => /\((а|ла)\)/.test(s))).toEqual([]);
  });
});

describe('HTML escaping', () => {
  it('escapes names and statuses once in notification lines', () => {
    const line = notifyHeadline('en', 'statusChanged', 'Tom & <Jerry>', { from: 'R&D', to: '"Done"' });
    expect(line).toBe('<strong>Tom &amp; &lt;Jerry&gt;</strong> changed the status: R&amp;D → &quot;Done&quot;');
    expect(line).not.toContain('&amp;amp;');
  });

  it('leaves values as they are in texts sent without parse_mode', () => {
    expect(t('en', 'new.prefilled', { title: 'A & <b>' })).toBe('Issue from the message: “A & <b>”.');
  });
});

describe('plural forms', () => {
  it('count the issues left out of a list', () => {
    expect([1, 3, 5, 21].map((count) => t('ru', 'more', { count }))).toEqual([
      'И ещё 1 задача — откройте Трекер, чтобы увидеть все.',
      'И ещё 3 задачи — откройте Трекер, чтобы увидеть все.',
      'И ещё 5 задач — откройте Трекер, чтобы увидеть все.',
      'И ещё 21 задача — откройте Трекер, чтобы увидеть все.',
    ]);
    expect(t('en', 'more', { count: 1 })).toBe('And 1 more issue — open Tracker to see them all.');
    expect(t('en', 'more', { count: 2 })).toBe('And 2 more issues — open Tracker to see them all.');
  });

  it('count the characters a title may have', () => {
    expect(t('ru', 'new.titleTooLong', { count: 200 })).toBe('Слишком длинно: не больше 200 символов.');
    expect(t('ru', 'new.titleTooLong', { count: 201 })).toBe('Слишком длинно: не больше 201 символа.');
  });
});
