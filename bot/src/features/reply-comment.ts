import { Composer } from 'grammy';
import type { Message } from 'grammy/types';
import type { BotBackend } from '../backend.ts';
import { callbacks } from '../callbacks.ts';
import { asAccount, type BotContext } from '../context.ts';
import { attachFile, fileOf, type Download } from '../files.ts';
import { t } from '../i18n.ts';

/**
 * The issue a bot message is about, from its buttons: a card's own buttons carry the issue id, and
 * every card (a group's too) has the link that opens the issue in the mini app.
 */
export function issueOfMessage(message: Message | undefined): number | null {
  for (const button of message?.reply_markup?.inline_keyboard.flat() ?? []) {
    if ('callback_data' in button) {
      const id = [callbacks.statuses, callbacks.assignMe, callbacks.moveTo, callbacks.triageAccept].map((codec) => codec.decode(button.callback_data)?.[0]).find((v) => v !== undefined);
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
 * A reply to one of the bot's issue cards or notifications acts on that issue: text becomes a
 * comment, a photo or file an attachment; either is confirmed with a 👍 reaction on the reply. A
 * reply inside a `/new` dialogue is the dialogue's.
 */
export function replyCommentFeature(backend: BotBackend, download: Download) {
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
  composer
    .on(['message:photo', 'message:document'])
    .filter((ctx) => ctx.message.reply_to_message?.from?.id === ctx.me.id)
    .use(async (ctx, next) => {
      const issueId = issueOfMessage(ctx.message.reply_to_message);
      const file = fileOf(ctx.message);
      if (issueId === null || !file) return next();
      await asAccount(ctx, async (user) => {
        if ((await attachFile(backend, download, user, issueId, file)) === 'tooBig') await ctx.reply(t(ctx.locale, 'attach.tooBig'));
        else await ctx.react('👍');
      });
    });
  return composer;
}
