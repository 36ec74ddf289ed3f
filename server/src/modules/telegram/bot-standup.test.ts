// The daily standup of a linked group (issue 26, part 7): for each person, what was completed since
// the last one, what is in progress, and what is blocked or overdue — of the linked project only;
// `/standup` posts it now, administrators set its time, and the scheduled one goes out once a day
// through the chat's outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@tracker/shared/dates';
import { plusDays } from '@tracker/shared/quick-add/calendar';
import type { EntityManager } from '@mikro-orm/postgresql';
import { enqueueIn } from '../jobs/enqueue.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { addMember, createIssue, createProject } from '../projects/test-fixtures.ts';
import { BotKit, buttons, lastText, sent, type Person } from './bot-test-kit.ts';
import { STANDUP_SCAN_JOB } from './standup.ts';

const kit = new BotKit();
const GROUP = { id: -1007790401, type: 'supergroup', title: 'Команда' };
const OTHER = { id: -1007790402, type: 'supergroup', title: 'Чужая' };
const ivan: Person = { id: 930401, first_name: 'Ivan', language_code: 'ru' };
const emma: Person = { id: 930402, first_name: 'Emma', language_code: 'en' };

const standups = () => kit.api.of('sendMessage').filter((c) => c.payload.chat_id === GROUP.id && String(c.payload.text).startsWith('<b>Сводка · Сайт</b>'));

beforeAll(async () => {
  await kit.start();
  const [ivanUser, emmaUser] = await kit.accounts(ivan, emma);
  const web = (await createProject(ivanUser, { key: 'WEBS', name: 'Сайт' })).project;
  const other = (await createProject(ivanUser, { key: 'OTHS', name: 'Другой' })).project;
  await addMember(ivanUser, web.id, emmaUser, 'member');
  kit.api.setMember(GROUP.id, ivan.id, 'administrator');
  const asked = await kit.exchange(kit.message(ivan, '/link WEBS', GROUP));
  await kit.exchange(kit.press(ivan, buttons(sent(asked).find((c) => c.payload.chat_id === ivan.id))[0]!.callback_data!, { message_id: 90, chat: BotKit.privateChat(ivan) }));

  const yesterday = plusDays(todayIn('Europe/Moscow'), -1);
  const make = async (projectId: number, title: string, assigneeId: number | null, category: string, extra: Record<string, unknown> = {}) => {
    const created = await createIssue(ivanUser, projectId, { title, assigneeId, ...extra });
    await kit.t.sql(`update issues set status_id = (select id from statuses where project_id = ? and category = ? order by position limit 1) where id = ?`, [projectId, category, created.id]);
    if (category === 'completed') await kit.t.sql('update issues set completed_at = now() where id = ?', [created.id]);
    return created.id as number;
  };
  const started = await make(web.id, 'Вёрстка главной', emmaUser.id, 'started');
  await make(web.id, 'Починить вход', ivanUser.id, 'completed');
  await make(web.id, 'Обновить тексты', emmaUser.id, 'unstarted', { dueDate: yesterday });
  const blocked = await make(web.id, 'Выложить релиз', ivanUser.id, 'unstarted');
  await kit.t.sql(`insert into issue_relations (from_issue_id, to_issue_id, type) values (?, ?, 'blocks')`, [started, blocked]);
  await make(web.id, 'Когда-нибудь', emmaUser.id, 'unstarted');
  await make(other.id, 'Чужая задача', ivanUser.id, 'started');
});
afterAll(() => kit.close());

describe('the standup', () => {
  it('/standup posts, per person, what was completed, what is in progress and what is blocked or overdue — of the linked project only', async () => {
    const text = String(sent(await kit.exchange(kit.message(emma, '/standup', GROUP))).at(-1)!.payload.text);
    expect(text).toMatch(/^<b>Сводка · Сайт<\/b>\n\n✅ сделано с прошлой сводки · 🔄 в работе · ⛔ заблокировано или просрочено\n\n<b>Emma<\/b>\n/);
    expect(text).toContain('🔄 <a href="https://t.me/tracker_test_bot?start=issue_');
    expect(text).toMatch(/<b>Emma<\/b>\n🔄 .*Вёрстка главной\n⛔ .*Обновить тексты \(просрочена\)/);
    expect(text).toMatch(/<b>Ivan<\/b>\n✅ .*Починить вход\n⛔ .*Выложить релиз \(заблокирована\)/);
    expect(text).not.toContain('Когда-нибудь');
    expect(text).not.toContain('Чужая задача');
  });

  it('in a group linked to nothing says so', async () => {
    expect(lastText(await kit.exchange(kit.message(ivan, '/standup', OTHER)))).toBe('Этот чат не привязан к проекту: сначала отправьте /link КЛЮЧ.');
  });

  it('its time is set by administrators; the scheduled one goes out once a day', async () => {
    expect(lastText(await kit.exchange(kit.message(emma, '/standup 9:30', GROUP)))).toBe('Это могут сделать только администраторы группы.');
    expect(lastText(await kit.exchange(kit.message(ivan, '/standup 9:30', GROUP)))).toBe('Ежедневная сводка включена: каждый день в 09:30 (Europe/Moscow).');
    expect(lastText(await kit.exchange(kit.message(ivan, '/standup в обед', GROUP)))).toContain('/standup ЧЧ:ММ');

    // Midnight has always passed: the standup is due now.
    await kit.t.sql(`update telegram_chat_settings set standup_time = '00:00' where chat_id = ?`, [GROUP.id]);
    const before = standups().length;
    await enqueueIn(kit.t.orm.em.fork() as EntityManager, STANDUP_SCAN_JOB, {});
    await kit.settled();
    await waitUntil('the standup is sent', async () => standups().length === before + 1);
    expect(standups().at(-1)!.payload).toMatchObject({ parse_mode: 'HTML', disable_notification: true });
    await enqueueIn(kit.t.orm.em.fork() as EntityManager, STANDUP_SCAN_JOB, {});
    await kit.settled();
    expect(standups()).toHaveLength(before + 1);

    expect(lastText(await kit.exchange(kit.message(ivan, '/standup off', GROUP)))).toBe('Ежедневная сводка выключена.');
    expect(kit.api.refused()).toEqual([]);
  });
});
