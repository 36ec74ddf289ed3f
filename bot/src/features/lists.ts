import { Composer } from 'grammy';
import type { Locale } from '@tracker/shared/locales';
import type { BotBackend, BotUser, IssueCard } from '../backend.ts';
import { callbacks, onCallback } from '../callbacks.ts';
import { issueLine } from '../cards.ts';
import { answerQuery, asAccount, groupChatOf, redrawMessage, type BotContext } from '../context.ts';
import { t } from '../i18n.ts';
import { pageKeyboard } from '../keyboards.ts';
import { answerPersonally } from '../personal.ts';
import type { StartPayloads } from './start.ts';

const PAGE_SIZE = 10;

interface List {
  load(backend: BotBackend, user: BotUser): Promise<IssueCard[]>;
  heading: 'my.heading' | 'today.heading';
  empty: 'my.empty' | 'today.empty';
  paged: boolean;
}

const LISTS = {
  my: { load: (backend, user) => backend.myIssues(user), heading: 'my.heading', empty: 'my.empty', paged: true },
  today: { load: (backend, user) => backend.dueIssues(user), heading: 'today.heading', empty: 'today.empty', paged: false },
} satisfies Record<string, List>;
type ListName = keyof typeof LISTS;

/** A page of a list as one message: a heading, a line per issue, and paging buttons. */
function listPage(list: List, locale: Locale, botUsername: string, cards: IssueCard[], page: number) {
  const pages = Math.ceil(cards.length / PAGE_SIZE);
  const at = Math.min(page, pages - 1);
  const lines = cards.slice(at * PAGE_SIZE, (at + 1) * PAGE_SIZE).map((c) => issueLine(c, locale, botUsername));
  const footer = pages > 1 ? `\n\n${t(locale, 'page', { page: at + 1, pages })}` : '';
  const markup = list.paged ? pageKeyboard(at, pages, locale) : undefined;
  return {
    text: `<b>${t(locale, list.heading, { count: cards.length })}</b>\n${lines.join('\n')}${footer}`,
    options: { parse_mode: 'HTML' as const, link_preview_options: { is_disabled: true }, ...(markup ? { reply_markup: markup } : {}) },
  };
}

/** Sends the person's list (a page of it) where `answerPersonally` says: privately when asked in a group. */
async function sendList(backend: BotBackend, ctx: BotContext, user: BotUser, name: ListName, page = 0) {
  const list: List = LISTS[name];
  const cards = await list.load(backend, user);
  await answerPersonally(ctx, user, name, async (chatId, locale) => {
    if (!cards.length) return ctx.api.sendMessage(chatId, t(locale, list.empty));
    const shown = listPage(list, locale, ctx.me.username, cards, page);
    return ctx.api.sendMessage(chatId, shown.text, shown.options);
  });
}

/** `/start my` and `/start today`: the lists, asked for by the button of a group's note. */
export const listPayloads = (backend: BotBackend): StartPayloads => ({
  my: (ctx) => asAccount(ctx, (user) => sendList(backend, ctx, user, 'my')),
  today: (ctx) => asAccount(ctx, (user) => sendList(backend, ctx, user, 'today')),
});

/** `/my` (paged) and `/today`: the person's open issues, and those due today or overdue. */
export function listsFeature(backend: BotBackend) {
  const composer = new Composer<BotContext>();
  composer.command('my', (ctx) => asAccount(ctx, (user) => sendList(backend, ctx, user, 'my')));
  composer.command('today', (ctx) => asAccount(ctx, (user) => sendList(backend, ctx, user, 'today')));
  composer.use(
    onCallback(callbacks.myPage, (ctx, [page]) =>
      asAccount(ctx, async (user) => {
        // A group's old list (from before lists went private) pages into the private chat.
        if (groupChatOf(ctx)) return sendList(backend, ctx, user, 'my', page);
        const cards = await LISTS.my.load(backend, user);
        if (!cards.length) return void (await answerQuery(ctx, { text: t(ctx.locale, 'my.empty') }));
        const shown = listPage(LISTS.my, ctx.locale, ctx.me.username, cards, page);
        await redrawMessage(ctx, () => ctx.editMessageText(shown.text, shown.options));
        await answerQuery(ctx);
      }),
    ),
  );
  return composer;
}
