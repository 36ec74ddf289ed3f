import { Composer } from 'grammy';
import { DIALOGUE_CODECS } from '../callbacks.ts';
import { answerQuery, type BotContext } from '../context.ts';
import { t } from '../i18n.ts';
import { fromMessageKeyboard } from '../keyboards.ts';

/**
 * What no feature took, after all of them. Every callback query gets its one answer (a button of
 * someone else's dialogue, of a dialogue that is over, of an old message), or the client's button
 * spins. In a private chat nothing goes unanswered: stray text is offered as a new issue, an
 * unknown command points to /help, anything else gets a hint. In groups the bot stays quiet.
 */
export function fallbackFeature() {
  const composer = new Composer<BotContext>();
  composer.on('callback_query', async (ctx) => {
    const data = ctx.callbackQuery.data;
    const owner = DIALOGUE_CODECS.map((codec) => codec.decode(data)?.[0]).find((id) => id !== undefined);
    await answerQuery(ctx, { text: t(ctx.locale, owner !== undefined && owner !== ctx.from.id ? 'notYourDialogue' : 'staleButton') });
  });
  const direct = composer.chatType('private');
  direct.on('message:text', async (ctx) => {
    if (ctx.message.text.startsWith('/')) return void (await ctx.reply(t(ctx.locale, 'unknownCommand')));
    await ctx.reply(t(ctx.locale, 'stray.question'), {
      reply_markup: fromMessageKeyboard(ctx.locale),
      reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true },
    });
  });
  direct.on('message', async (ctx) => {
    await ctx.reply(t(ctx.locale, 'otherMessage'));
  });
  return composer;
}
