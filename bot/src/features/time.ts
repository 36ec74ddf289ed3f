import { formatDuration, parseDuration } from '@tracker/shared/duration';
import { Composer } from 'grammy';
import type { BotBackend } from '../backend.ts';
import { asAccount, type BotContext } from '../context.ts';
import { t, translator } from '../i18n.ts';
import { issueOfMessage } from './reply-comment.ts';

/**
 * `/time 1ч 30м` in reply to one of the bot's issue cards logs that time on the issue, for today,
 * read by the one duration parser of the web app and the API (shared/src/duration.ts).
 */
export function timeFeature(backend: Pick<BotBackend, 'logTime'>) {
  const composer = new Composer<BotContext>();
  composer.command('time', async (ctx) => {
    const issueId = ctx.message?.reply_to_message?.from?.id === ctx.me.id ? issueOfMessage(ctx.message.reply_to_message) : null;
    if (issueId === null) return void (await ctx.reply(t(ctx.locale, 'time.usage')));
    const parsed = parseDuration(ctx.match);
    if (!parsed.ok) return void (await ctx.reply(`${translator.text(ctx.locale, parsed.error)}\n${t(ctx.locale, 'time.usage')}`));
    await asAccount(ctx, async (user) => {
      await backend.logTime(user, issueId, parsed.minutes);
      await ctx.reply(t(ctx.locale, 'time.logged', { duration: formatDuration(parsed.minutes, (key, values) => translator.text(ctx.locale, key, values)) }), {
        reply_parameters: { message_id: ctx.message!.message_id },
      });
    });
  });
  return composer;
}
