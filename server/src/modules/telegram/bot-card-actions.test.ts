// Acting from the chat (issue 16): one-tap "In progress" / "Done" on cards, the picker's ✓ on the
// current status, and no "Assign to me" on an issue already the viewer's, in private cards and in
// personal notifications — through the webhook and the validating Bot API peer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';
import type { BotApiCall } from '../../test/fake-bot-api.ts';
import { answers, BotKit, buttons, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const olga: Person = { id: 940001, first_name: 'Olga', language_code: 'ru' };
const IVAN_TG = 940002;
let me: TestUser;
let ivan: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
const labels = (call: BotApiCall | undefined) => buttons(call).map((b) => b.text);
const categoryOf = async (id: number) => (await kit.t.sql<{ category: string }>('select s.category from issues i join statuses s on s.id = i.status_id where i.id = ?', [id]))[0]!.category;
const at = (messageId: number) => ({ message_id: messageId, chat: BotKit.privateChat(olga) });

beforeAll(async () => {
  await kit.start();
  me = await signUp(kit.t, { name: 'Olga' });
  ivan = await signUp(kit.t, { name: 'Ivan' });
  await kit.t.sql('update users set telegram_id = ? where id = ?', [olga.id, me.id]);
  await kit.t.sql('update users set telegram_id = ? where id = ?', [IVAN_TG, ivan.id]);
  project = await createProject(me, { name: 'Website' });
  await addMember(me, project.project.id, ivan, 'member');
});
afterAll(() => kit.close());

async function card(issueId: number) {
  return sent(await kit.exchange(kit.message(olga, `/start issue_${issueId}`))).at(-1)!;
}

describe('one-tap status buttons', () => {
  it('move the issue to the first "started", then the first "completed" status, each hidden once there', async () => {
    const issue = await createIssue(me, project.project.id, { title: 'Fix the <login>' });
    expect(labels(await card(issue.id)).slice(0, 2)).toEqual(['▶️ В работу', '✅ Готово']);
    const started = project.statuses.find((s) => s.category === 'started')!;

    let calls = await kit.exchange(kit.press(olga, `mv:${issue.id}:started`, at(700)));
    expect(await categoryOf(issue.id)).toBe('started');
    const edit = calls.find((c) => c.method === 'editMessageText')!;
    expect(edit.payload.text).toContain(started.name);
    expect(labels(edit)).not.toContain('▶️ В работу');
    expect(labels(edit)).toContain('✅ Готово');
    expect(answers(calls)[0]!.payload.text).toBe(`Статус: ${started.name}`);

    calls = await kit.exchange(kit.press(olga, `mv:${issue.id}:completed`, at(700)));
    expect(await categoryOf(issue.id)).toBe('completed');
    expect(labels(calls.find((c) => c.method === 'editMessageText'))).not.toContain('✅ Готово');
    expect(kit.api.refused()).toEqual([]);
  });

  it('an unknown category in the data is a stale button, not a change', async () => {
    const issue = await createIssue(me, project.project.id, { title: 'Stay' });
    const before = await categoryOf(issue.id);
    const calls = await kit.exchange(kit.press(olga, `mv:${issue.id}:canceled`, at(701)));
    expect(answers(calls).map((a) => a.payload.text)).toEqual(['Эта кнопка уже не действует.']);
    expect(await categoryOf(issue.id)).toBe(before);
  });
});

describe('the status picker', () => {
  it('marks the current status with ✓, and only it', async () => {
    const issue = await createIssue(me, project.project.id, { title: 'Pick' });
    const current = project.statuses.find((s) => s.id === issue.statusId)!;
    const calls = await kit.exchange(kit.press(olga, `st:${issue.id}`, at(702)));
    const picker = labels(calls.find((c) => c.method === 'editMessageReplyMarkup'));
    expect(picker.filter((l) => l.startsWith('✓'))).toEqual([`✓ ${current.name}`]);
    expect(kit.api.refused()).toEqual([]);
  });
});

describe('"Assign to me"', () => {
  it('is gone once the issue is the viewer\'s: after the press, and on a new card', async () => {
    const issue = await createIssue(me, project.project.id, { title: 'Take it' });
    expect(labels(await card(issue.id))).toContain('Взять себе');
    const calls = await kit.exchange(kit.press(olga, `me:${issue.id}`, at(703)));
    expect(labels(calls.find((c) => c.method === 'editMessageText'))).not.toContain('Взять себе');
    expect(labels(await card(issue.id))).not.toContain('Взять себе');
  });

  it('is not on a personal notification about an issue assigned to its recipient', async () => {
    await createIssue(me, project.project.id, { title: 'Ревью макета', assigneeId: ivan.id });
    for (let i = 0; i < 3; i++) await kit.t.app.services.jobs.runDue();
    const note = await kit.api.waitFor((c) => c.method === 'sendMessage' && c.payload.chat_id === IVAN_TG && String(c.payload.text).includes('Ревью макета'));
    expect(labels(note)).toContain('✅ Готово');
    expect(labels(note)).not.toContain('Взять себе');
    expect(kit.api.refused()).toEqual([]);
  });
});
