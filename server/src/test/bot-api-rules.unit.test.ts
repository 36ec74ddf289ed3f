// The test peer must refuse what Telegram refuses, or the bot's tests hide the failures users meet.
import { describe, expect, it } from 'vitest';
import { BotApiRules } from './bot-api-rules.ts';
import { parseTelegramHtml } from './telegram-html.ts';

describe("Telegram's HTML", () => {
  it('accepts its tags and entities and shows the decoded text', () => {
    expect(parseTelegramHtml('<b>WEB-1</b> &lt;pricing&gt; &amp; <a href="https://x.y">go</a> <i>x</i> & y')).toEqual({ ok: true, text: 'WEB-1 <pricing> & go x & y' });
  });
  it('refuses an unescaped < as an unsupported tag, an unclosed and a crossed tag', () => {
    expect(parseTelegramHtml('Олег <PM> Смирнов')).toEqual({ ok: false, error: 'Unsupported start tag "pm" at byte offset 9' });
    expect(parseTelegramHtml('a < b')).toMatchObject({ ok: false });
    expect(parseTelegramHtml('<b>bold')).toEqual({ ok: false, error: `Can't find end tag corresponding to start tag "b"` });
    expect(parseTelegramHtml('<b><i>x</b></i>')).toMatchObject({ ok: false, error: expect.stringContaining('Unmatched end tag') });
  });
});

describe('the Bot API rules', () => {
  it('refuses a web_app button in a group, long callback data and bad HTML', () => {
    const rules = new BotApiRules();
    const webApp = { inline_keyboard: [[{ text: 'Open', web_app: { url: 'https://t.test/' } }]] };
    expect(rules.check('sendMessage', { chat_id: -100, text: 'hi', reply_markup: webApp })?.description).toBe('Bad Request: BUTTON_TYPE_INVALID');
    expect(rules.check('sendMessage', { chat_id: 100, text: 'hi', reply_markup: webApp })).toBeNull();
    const long = { inline_keyboard: [[{ text: 'x', callback_data: 'x'.repeat(65) }]] };
    expect(rules.check('sendMessage', { chat_id: 1, text: 'hi', reply_markup: long })?.description).toBe('Bad Request: BUTTON_DATA_INVALID');
    expect(rules.check('sendMessage', { chat_id: 1, text: 'a <b', parse_mode: 'HTML' })?.description).toMatch(/^Bad Request: can't parse entities: /);
  });

  it('answers a callback query once, and refuses an edit that changes nothing', () => {
    const rules = new BotApiRules();
    expect(rules.check('answerCallbackQuery', { callback_query_id: 'q1' })).toBeNull();
    expect(rules.check('answerCallbackQuery', { callback_query_id: 'q1' })?.description).toMatch(/query is too old/);
    const sent = rules.apply('sendMessage', { chat_id: 5, text: '<b>x</b>', parse_mode: 'HTML' }) as { message_id: number };
    const edit = { chat_id: 5, message_id: sent.message_id, text: '<b>x</b>', parse_mode: 'HTML' };
    expect(rules.check('editMessageText', edit)?.description).toMatch(/message is not modified/);
    expect(rules.check('editMessageText', { ...edit, text: '<b>y</b>' })).toBeNull();
  });

  it('refuses sends to a chat that blocked the bot until it is unblocked', () => {
    const rules = new BotApiRules();
    rules.block(7);
    expect(rules.check('sendMessage', { chat_id: 7, text: 'hi' })).toEqual({ code: 403, description: 'Forbidden: bot was blocked by the user' });
    rules.unblock(7);
    expect(rules.check('sendMessage', { chat_id: 7, text: 'hi' })).toBeNull();
  });
});
