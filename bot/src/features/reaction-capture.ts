import { Composer, GrammyError } from 'grammy';
import type { Message } from 'grammy/types';
import type { BotBackend } from '../backend.ts';
import type { BotContext } from '../context.ts';
import type { Download } from '../files.ts';
import { t } from '../i18n.ts';
import { capturable, captureAs } from './capture.ts';

/** The reaction that captures a message (Telegram's ✍, "writing hand"). */
export const CAPTURE_REACTION = '✍';

/**
 * Capture by reaction (issue 26), where a group's administrators turned it on (`/settings`): a ✍ on a
 * message makes it an issue in the linked project's Triage, as `/issue` in reply does. Telegram's
 * reaction update names the message but not its content, so the group's messages are kept (two
 * days, and only while it is on) for the reaction to find.
 */
export function reactionCaptureFeature(backend: BotBackend, download: Download) {
  const composer = new Composer<BotContext>();

  composer.chatType(['group', 'supergroup']).on('message', async (ctx, next) => {
    if (capturable(ctx.msg)) await backend.rememberMessage(ctx.chat.id, ctx.msg.message_id, ctx.msg);
    await next();
  });

  composer.on('message_reaction', async (ctx) => {
    const { chat, message_id: messageId, new_reaction: added, old_reaction: before } = ctx.messageReaction;
    const writes = (list: typeof added) => list.some((r) => r.type === 'emoji' && r.emoji === CAPTURE_REACTION);
    if (!writes(added) || writes(before) || !ctx.account || chat.type === 'private') return;
    if (!(await backend.groupSettings(chat.id)).captureReactions) return;
    const source = (await backend.recentMessage(chat.id, messageId)) as Message | null;
    if (!source) return;
    const ref = { chatId: chat.id, threadId: source.is_topic_message ? (source.message_thread_id ?? 0) : 0, title: chat.title };
    const user = ctx.account;
    const result = await captureAs(ctx, { backend, download }, user, source, ref, '');
    // A reaction is quiet: whoever may not capture here learns why in private, and the group hears nothing.
    if (result === 'notMember') await ctx.api.sendMessage(ctx.from!.id, t(user.locale, 'new.notMemberPrivate', { group: chat.title ?? '' })).catch(ignoreBlocked);
  });
  return composer;
}

function ignoreBlocked(err: unknown) {
  if (!(err instanceof GrammyError && err.error_code === 403)) throw err;
}
