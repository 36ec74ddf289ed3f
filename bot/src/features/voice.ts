import { Composer } from 'grammy';
import type { BotBackend } from '../backend.ts';
import { asAccount, type BotContext } from '../context.ts';
import type { Download } from '../files.ts';
import { t } from '../i18n.ts';
import { answerWithCard } from '../notes.ts';
import { TITLE_MAX } from './prefill.ts';

/**
 * A voice or video note sent (or forwarded) to the bot in a private chat becomes an issue at once,
 * in the project the person last created one in (or their only one): titled by its caption, else
 * "Voice note" until the transcript names it (notes.ts); the note is attached.
 */
export function voiceFeature(backend: BotBackend, download: Download) {
  const composer = new Composer<BotContext>();
  composer.chatType('private').on(['message:voice', 'message:video_note'], async (ctx) => {
    await asAccount(ctx, async (user) => {
      const [{ lastUsed }, projects] = await Promise.all([backend.projectHints(user, null), backend.projects(user, null)]);
      const projectId = projects.find((p) => p.id === lastUsed)?.id ?? (projects.length === 1 ? projects[0]!.id : null);
      if (projectId === null) return void (await ctx.reply(t(ctx.locale, 'voice.noProject')));
      const caption = ctx.msg.caption?.trim() ?? '';
      const card = await backend.createIssue(user, { projectId, title: (caption || t(ctx.locale, 'voice.untitled')).slice(0, TITLE_MAX), description: '', priority: 'none', dueDate: null });
      await answerWithCard(ctx, { backend, download }, user, card, ctx.msg, { chatId: ctx.chat.id, threadId: 0 }, !caption);
    });
  });
  return composer;
}
