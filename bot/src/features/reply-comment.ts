import { Composer } from 'grammy';
import type { Message } from 'grammy/types';
import type { BotBackend } from '../backend.ts';
import { callbacks } from '../callbacks.ts';
import { asAccount, type BotContext } from '../context.ts';

/**
 * The issue a bot message is about, from its buttons: a card's own buttons carry the issue id, and
 * every card (a group's too) has the link that opens the issue in the mini app.
 */
export function issueOfMessage(message: Message | undefined): number | null {
  for (const button of message?.reply_markup?.inline_keyboard.flat() ?? []) {
    if ('callback_data' in button) {
      const id = callbacks.statuses.decode(button.callback_data)?.[0] ?? callbacks.assignMe.decode(button.callback_data)?.[0];
      if (id !== undefined) return id;
    }
    if ('url' in button) {
      const found = /[?&]startapp=issue_(\d+)$/.exec(button.url);
      if (found) return Number(found[1]);
    }
  }
  return null;
}

/**
 * A text reply to one of the bot's issue cards or notifications becomes a comment on that issue; the
 * reply is confirmed with a 👍 reaction on it. A reply inside a `/new` dialogue is the dialogue's.
 */
export function replyCommentFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();
  composer
    .on('message:text')
    .filter((ctx) => ctx.message.reply_to_message?.from?.id === ctx.me.id && !ctx.message.text.startsWith('/'))
    .use(async (ctx, next) => {
      const issueId = issueOfMessage(ctx.message.reply_to_message);
      if (issueId === null) return next();
      await asAccount(ctx, async (user) => {
        await backend.addComment(user, issueId, ctx.message.text);
        await ctx.react('👍');
      });
    });
  return composer;
}
