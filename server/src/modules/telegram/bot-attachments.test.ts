// Photos and files from the chat as attachments (issue 16): a reply with a photo or a document to an
// issue card or notification, and a forwarded photo's new issue; downloaded with getFile and the
// file URL from the Bot API peer, which refuses unknown file ids and files over 20 MB as Telegram does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';
import { BotKit, buttons, lastText, sent, type Person } from './bot-test-kit.ts';

const kit = new BotKit();
const anna: Person = { id: 960001, first_name: 'Anna', language_code: 'ru' };
const BOT = { id: 4242, is_bot: true, first_name: 'Tracker', username: 'tracker_test_bot' };
let me: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
let issue: { id: number };
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');

const attachments = async (issueId: number) =>
  kit.t.sql<{ file_name: string; mime_type: string; size: number; uploader_id: number }>('select file_name, mime_type, size, uploader_id from attachments where issue_id = ? order by id', [issueId]);
const photoOf = (bytes: Buffer) => {
  const file = kit.api.files.add(bytes, { folder: 'photos', ext: '.jpg' });
  return [{ ...file, width: 90, height: 90 }];
};

beforeAll(async () => {
  await kit.start();
  me = await signUp(kit.t, { name: 'Anna' });
  await kit.t.sql('update users set telegram_id = ? where id = ?', [anna.id, me.id]);
  project = await createProject(me, { name: 'Website' });
  issue = await createIssue(me, project.project.id, { title: 'Broken header' });
});
afterAll(() => kit.close());

async function cardMessage() {
  const card = sent(await kit.exchange(kit.message(anna, `/start issue_${issue.id}`))).at(-1)!;
  return { message_id: 900, date: 0, chat: BotKit.privateChat(anna), from: BOT, text: 'card', reply_markup: card.payload.reply_markup };
}

describe('a reply with a photo or a file', () => {
  it('to a card: the photo becomes an attachment by the replier, confirmed with a reaction', async () => {
    const calls = await kit.exchange(kit.other(anna, { photo: photoOf(PNG), reply_to_message: await cardMessage() }));
    const [added] = await attachments(issue.id);
    expect(added).toMatchObject({ mime_type: 'image/jpeg', size: PNG.length, uploader_id: me.id });
    expect(added!.file_name).toMatch(/^photo_uniq\d+\.jpg$/);
    expect(calls.map((c) => c.method)).toEqual(['getFile', 'setMessageReaction']);
    expect(kit.api.files.downloads).toHaveLength(1);
    expect(kit.api.refused()).toEqual([]);
  });

  it('to a notification (a group card with only its Open link): the document keeps its name and type', async () => {
    const notice = { ...(await cardMessage()), reply_markup: { inline_keyboard: [[{ text: 'Открыть', url: `https://t.me/tracker_test_bot?startapp=issue_${issue.id}` }]] } };
    const doc = { ...kit.api.files.add(Buffer.from('log line\n')), file_name: 'error <1>.log', mime_type: 'text/plain' };
    await kit.exchange(kit.other(anna, { document: doc, caption: 'лог', reply_to_message: notice }));
    expect((await attachments(issue.id)).at(-1)).toMatchObject({ file_name: 'error <1>.log', mime_type: 'text/plain', size: 9 });
  });

  it('over 20 MB is explained, not attached: known from the message, or from getFile\'s refusal', async () => {
    const before = (await attachments(issue.id)).length;
    const big = { ...kit.api.files.add(Buffer.from('x'), { size: 21 * 1024 * 1024 }), file_name: 'video.mp4' };
    let calls = await kit.exchange(kit.other(anna, { document: big, reply_to_message: await cardMessage() }));
    expect(lastText(calls)).toBe('Файл больше 20 МБ — бот не может его скачать. Добавьте его в Трекере.');
    expect(calls.some((c) => c.method === 'getFile')).toBe(false);
    // Without file_size in the message only Telegram's answer tells (undefined drops out of the JSON).
    calls = await kit.exchange(kit.other(anna, { document: { ...big, file_size: undefined }, reply_to_message: await cardMessage() }));
    expect(lastText(calls)).toBe('Файл больше 20 МБ — бот не может его скачать. Добавьте его в Трекере.');
    expect(calls.find((c) => c.method === 'getFile')?.refused).toBe('Bad Request: file is too big');
    expect((await attachments(issue.id)).length).toBe(before);
    expect(kit.errors).toEqual([]);
  });
});

describe('the Bot API peer', () => {
  it('refuses getFile for an unknown file_id, and serves a known file at its path', async () => {
    const call = (body: object) => fetch(`${kit.api.url}/bot123456:test-token/getFile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const unknown = await call({ file_id: 'nope' });
    expect([unknown.status, ((await unknown.json()) as { description: string }).description]).toEqual([400, 'Bad Request: invalid file_id']);
    const { file_id } = kit.api.files.add(Buffer.from('abc'));
    const found = ((await (await call({ file_id })).json()) as { result: { file_path: string } }).result;
    const download = await fetch(`${kit.api.url}/file/bot123456:test-token/${found.file_path}`);
    expect(Buffer.from(await download.arrayBuffer()).toString()).toBe('abc');
  });
});

describe('a forwarded photo', () => {
  it('becomes an attachment of the issue the forward creates', async () => {
    const refusedBefore = kit.api.refused().length;
    const forward = kit.other(anna, { photo: photoOf(PNG), caption: 'Кнопка съехала на iPhone', forward_origin: { type: 'hidden_user', sender_user_name: 'Клиент', date: 1 } });
    const picker = sent(await kit.exchange(forward)).at(-1)!;
    const project = buttons(picker).find((b) => b.text.endsWith('· Website'))!.callback_data!;
    await kit.exchange(kit.press(anna, project));
    await kit.exchange(kit.press(anna, `npr:${anna.id}:none`));
    const done = await kit.exchange(kit.press(anna, `nd:${anna.id}:none`));
    expect(lastText(done)).toContain('Задача создана.');
    const [created] = await kit.t.sql<{ id: number }>('select id from issues where title = ?', ['Кнопка съехала на iPhone']);
    expect(await attachments(created!.id)).toEqual([expect.objectContaining({ mime_type: 'image/jpeg', size: PNG.length, uploader_id: me.id })]);
    expect(kit.api.refused().slice(refusedBefore)).toEqual([]);
  });
});
