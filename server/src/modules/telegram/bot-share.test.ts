// Share to chat from the mini app (issue 26): the issue's card is stored for the person with Bot API
// 8.0's savePreparedInlineMessage (validated by the test peer as Telegram does) and its id handed to
// the mini app's shareMessage. A members-only project's card may go to people and bots, not groups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssue, createProject, signUp } from '../projects/test-fixtures.ts';
import { BotKit } from './bot-test-kit.ts';

const kit = new BotKit();
beforeAll(() => kit.start());
afterAll(async () => {
  expect(kit.errors).toEqual([]);
  await kit.close();
});

describe('POST /api/telegram/share/:ref', () => {
  it('prepares the card with its Open button for the person; groups only for a project open to everyone', async () => {
    const owner = await signUp(kit.t, { name: 'Ivan' });
    await kit.t.sql('update users set telegram_id = ? where id = ?', [932001, owner.id]);
    const closed = await createProject(owner, { key: 'SHRM', name: 'Закрытый' });
    const open = await createProject(owner, { key: 'SHRO', name: 'Открытый', visibility: 'all' });
    const secret = await createIssue(owner, closed.project.id, { title: 'Секретная задача' });
    const shared = await createIssue(owner, open.project.id, { title: 'Общая задача' });

    const first = await owner.client.post(`/api/telegram/share/${secret.key}`);
    expect(first.status).toBe(200);
    const [call] = kit.api.of('savePreparedInlineMessage');
    expect(first.body).toEqual({ id: expect.stringMatching(/^prepared\d+$/) });
    expect(call!.refused).toBeUndefined();
    expect(call!.payload).toMatchObject({ user_id: 932001, allow_user_chats: true, allow_bot_chats: true, allow_group_chats: false, allow_channel_chats: false });
    expect(call!.payload.result.input_message_content.message_text).toContain('Секретная задача');
    expect(call!.payload.result.reply_markup.inline_keyboard.flat()).toEqual([{ text: expect.any(String), url: `https://t.me/tracker_test_bot?startapp=issue_${secret.id}` }]);

    expect((await owner.client.post(`/api/telegram/share/${shared.id}`)).status).toBe(200);
    expect(kit.api.of('savePreparedInlineMessage').at(-1)!.payload).toMatchObject({ allow_group_chats: true, allow_channel_chats: true });
  });

  it('refuses without a Telegram account, an issue the caller cannot see, and a visitor', async () => {
    const owner = await signUp(kit.t, { name: 'Olga' });
    const project = await createProject(owner, { key: 'SHRX' });
    const issue = await createIssue(owner, project.project.id, { title: 'Чужая' });
    const noTelegram = await owner.client.post(`/api/telegram/share/${issue.id}`);
    expect(noTelegram.status).toBe(409);
    expect(noTelegram.body).toMatchObject({ statusMessage: 'Сначала подключите Telegram в профиле', data: { code: 'telegram_not_linked' } });
    const stranger = await signUp(kit.t, { name: 'Stranger' });
    await kit.t.sql('update users set telegram_id = ? where id = ?', [932002, stranger.id]);
    expect((await stranger.client.post(`/api/telegram/share/${issue.id}`)).status).toBe(404);
    expect((await kit.t.client().post(`/api/telegram/share/${issue.id}`)).status).toBe(401);
  });
});
