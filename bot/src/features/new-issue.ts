import { conversations, createConversation, type Conversation } from '@grammyjs/conversations';
import { Composer, type Context } from 'grammy';
import type { ForceReply, InlineKeyboardMarkup } from 'grammy/types';
import { todayIn } from '@tracker/shared/dates';
import { escapeHtml } from '@tracker/shared/html';
import { parseQuickAdd } from '@tracker/shared/quick-add/index';
import { findTemplate, parseTemplateCommand } from '@tracker/shared/quick-add/template-command';
import type { BotBackend, CycleRef, NewIssueInput } from '../backend.ts';
import { callbacks, onCallback } from '../callbacks.ts';
import { formatCard } from '../cards.ts';
import { cycleDays, cycleName } from '../cycle.ts';
import { answerQuery, groupChatOf, identityOf, redrawMessage, refusalKey, type BotContext } from '../context.ts';
import { dueChoiceDate, formatDate, parseDueDate } from '../dates.ts';
import { attachFile, type Download } from '../files.ts';
import { t, type BotKey } from '../i18n.ts';
import { cardKeyboard, cycleChoiceKeyboard, dueKeyboard, priorityKeyboard, projectKeyboard, templateKeyboard } from '../keyboards.ts';
import { prefillFrom, TITLE_MAX, type Prefill } from './prefill.ts';
import { notMemberHere } from '../personal.ts';

export { prefillFrom, type Prefill };

type Convo = Conversation<BotContext, Context>;
const isText = (ctx: Context) => !!ctx.message?.text && (!ctx.message.text.startsWith('/') || ctx.message.text === '/skip');
const textOf = (ctx: Context) => (isText(ctx) ? ctx.message!.text! : null);

/**
 * Dialogues are kept per chat and person: in a group, each member's `/new` is their own, and
 * nobody else's message, button or `/cancel` reaches it. Updates without a chat keep no dialogue.
 */
export const dialogueKey = (ctx: Context) => (ctx.chatId === undefined || !ctx.from ? undefined : `${ctx.chatId}:${ctx.from.id}`);

/**
 * Waits for the update a step needs. Buttons of other messages (cards, an earlier step) go on to
 * the handlers outside the dialogue, which answer them; any other message gets the step's hint.
 */
async function step<T>(conversation: Convo, accept: (c: Context) => T | null, hint: () => Promise<unknown>): Promise<{ ctx: Context; value: T }> {
  const c = await conversation.wait();
  const value = accept(c);
  if (value !== null) return { ctx: c, value };
  if (c.callbackQuery) return conversation.skip({ next: true });
  if (c.message) await hint();
  return conversation.skip();
}


/**
 * `/new`: a conversation (state in the backend's storage, so it survives restarts and instances)
 * asking project, title, description, priority and due date; `/cancel` leaves at any step. In a
 * group the text prompts reply to the person's message with a selective force-reply, so that only
 * they are asked and their answer reaches the bot under privacy mode.
 */
export function newIssueFeature(backend: BotBackend, download: Download) {
  const composer = new Composer<BotContext>();
  composer.use(conversations({ storage: { type: 'key', version: 1, adapter: backend.conversationStorage as never, getStorageKey: dialogueKey } }));

  composer.command('cancel', async (ctx) => {
    const active = Object.keys(ctx.conversation.active()).length > 0;
    await ctx.conversation.exitAll();
    await ctx.reply(t(ctx.locale, active ? 'new.cancelled' : 'new.nothingToCancel'));
  });

  async function newIssue(conversation: Convo, ctx: Context, prefill: Prefill | null) {
    const tg = identityOf(ctx)!;
    const chat = groupChatOf(ctx);
    const group = chat !== null;
    const { user, locale } = await conversation.external(() => backend.identify(tg, chat?.chatId));
    if (!user) return void (await ctx.reply(t(locale, 'notLinked')));
    const { linked, projects } = await conversation.external(() => (chat ? backend.groupProjects(user, chat) : backend.projects(user, null).then((p) => ({ linked: false, projects: p }))));
    if (!projects.length && linked) return void (await notMemberHere(ctx, user.locale, locale));
    if (!projects.length) return void (await ctx.reply(t(locale, group ? 'new.noGroupProjects' : 'new.noProjects')));
    // A group linked to one project creates there: nothing to choose.
    const only = linked && projects.length === 1 ? projects[0]! : null;
    const now = new Date(await conversation.now());
    const today = todayIn(user.timeZone, now);

    let anchor = ctx.message?.message_id ?? ctx.callbackQuery?.message?.message_id;
    const forceReply: ForceReply = { force_reply: true, selective: true };
    const ask = (text: string, markup?: InlineKeyboardMarkup) =>
      ctx.reply(text, {
        ...(markup ? { reply_markup: markup } : group ? { reply_markup: forceReply } : {}),
        ...(group && anchor ? { reply_parameters: { message_id: anchor, allow_sending_without_reply: true } } : {}),
      });
    const hint = (key: BotKey) => () => ask(t(locale, key));
    const textStep = async () => {
      const answer = await step(conversation, textOf, hint('new.sendText'));
      anchor = answer.ctx.message!.message_id;
      return answer.value;
    };
    // Only the dialogue's owner, and only a choice the step offered: a forged button (another
    // project's id) must not take the dialogue somewhere it may not go, such as a members-only
    // project's templates in a group. It goes on to the fallback, which calls it stale.
    const pressedBy = <T>(decode: (data: string | undefined) => readonly [number, T] | null, offered: (value: T) => boolean = () => true) => (c: Context) => {
      const values = decode(c.callbackQuery?.data);
      return values && values[0] === tg.id && offered(values[1]) ? values[1] : null;
    };
    // A used keyboard collapses into the choice: the prompt becomes "Project: WEB · Website", buttonless.
    const chosen = async (c: Context, text: string) => {
      await redrawMessage(c, () => c.editMessageText(text));
      await answerQuery(c);
    };
    const buttonStep = async <T>(decode: (data: string | undefined) => readonly [number, T] | null, shown: (value: T) => string, offered?: (value: T) => boolean) => {
      const picked = await step(conversation, pressedBy(decode, offered), hint('new.useButtons'));
      await chosen(picked.ctx, shown(picked.value));
      return picked.value;
    };
    const projectLabel = (id: number) => {
      const p = projects.find((x) => x.id === id);
      return t(locale, 'new.chosenProject', { project: p ? `${p.key} · ${p.name}` : '—' });
    };
    const askProject = async (intro: string | null) => {
      if (only) return only.id;
      const prompt = t(locale, 'new.project');
      await ask(intro ? `${intro}\n\n${prompt}` : prompt, projectKeyboard(tg.id, projects.slice(0, 30)));
      return buttonStep(callbacks.project.decode, projectLabel, (id) => projects.some((p) => p.id === id));
    };

    async function askDetails(): Promise<Omit<NewIssueInput, 'projectId'>> {
      let title = prefill?.title ?? '';
      while (!title) {
        await ask(t(locale, 'new.title'));
        const answer = (await textStep()).trim();
        if (answer.length > TITLE_MAX) await ask(t(locale, 'new.titleTooLong', { count: TITLE_MAX }));
        else if (answer !== '/skip') title = answer;
      }

      let description = prefill?.description ?? '';
      if (!prefill) {
        await ask(t(locale, 'new.description'));
        const answer = await textStep();
        description = answer === '/skip' ? '' : answer;
      }

      await ask(t(locale, 'new.priority'), priorityKeyboard(tg.id, locale));
      const priority = await buttonStep(callbacks.priority.decode, (p) => t(locale, 'new.chosenPriority', { priority: t(locale, `priority.${p}` as BotKey) }));

      await ask(t(locale, 'new.due'), dueKeyboard(tg.id, locale));
      let dueDate: string | null = null;
      for (;;) {
        const answer = await step(conversation, (c) => pressedBy(callbacks.due.decode)(c) ?? (textOf(c) === null ? null : { text: textOf(c)! }), hint('new.sendText'));
        if (typeof answer.value === 'string') {
          dueDate = dueChoiceDate(answer.value, today);
          await chosen(answer.ctx, t(locale, 'new.chosenDue', { due: dueDate ? formatDate(dueDate, locale) : t(locale, 'new.noDue') }));
          break;
        }
        anchor = answer.ctx.message!.message_id;
        if (answer.value.text === '/skip') break;
        dueDate = parseDueDate(answer.value.text, today, locale);
        if (dueDate && dueDate >= today) break;
        await ask(t(locale, dueDate ? 'new.pastDate' : 'new.badDate'));
        dueDate = null;
      }
      return { title, description, priority, dueDate };
    }

    // A project with templates offers them first; a template asks only its {title} text.
    async function askTemplate(projectId: number): Promise<Omit<NewIssueInput, 'projectId'> | null> {
      const templates = (await conversation.external(() => backend.templates(user!, projectId))).slice(0, 20);
      if (!templates.length) return null;
      await ask(t(locale, 'new.template'), templateKeyboard(tg.id, templates, locale));
      const nameOf = (id: number) => templates.find((x) => x.id === id)?.name;
      const template = await buttonStep(
        callbacks.template.decode,
        (id) => t(locale, 'new.chosenTemplate', { template: nameOf(id) ? `/${nameOf(id)}` : t(locale, 'new.withoutTemplate') }),
        (id) => id === 0 || !!nameOf(id),
      );
      if (!nameOf(template)) return null;
      for (;;) {
        await ask(t(locale, 'new.templateText'));
        const answer = (await textStep()).trim();
        if (answer.length > TITLE_MAX) await ask(t(locale, 'new.titleTooLong', { count: TITLE_MAX }));
        else return { title: answer === '/skip' ? '' : answer, description: '', priority: 'none', dueDate: null, template };
      }
    }

    // A project with cycles offers its current and next one last: planning, as in the web's create dialog.
    async function askCycle(projectId: number): Promise<number | null | undefined> {
      const [current, next] = await conversation.external(() => Promise.all([backend.cycleOf(user!, projectId, 'current'), backend.cycleOf(user!, projectId, 'next')]));
      const offered = [current, next].filter((c): c is CycleRef => c !== null);
      if (!offered.length) return undefined;
      await ask(t(locale, 'new.cycle'), cycleChoiceKeyboard(tg.id, locale, { current, next }));
      const shown = (id: number) => {
        const c = offered.find((x) => x.id === id);
        return c ? t(locale, 'new.inCycle', { name: cycleName(locale, c), days: cycleDays(locale, c) }) : t(locale, 'new.chosenNoCycle');
      };
      return (await buttonStep(callbacks.cycle.decode, shown, (id) => id === 0 || offered.some((c) => c.id === id))) || null;
    }

    let input: Omit<NewIssueInput, 'projectId'>;
    let projectId: number;
    // `*current` / `*next`: the cycle found, or the line that says the project has none (the issue is made all the same).
    let cycleLine = '';
    if (prefill?.quickLine) {
      // `/new <line>`: the web's quick-add parser; the project is the group's, else a named `+KEY`, else the last used one.
      // `/new /name <line>` takes the project's template `name`, the line being its {title}.
      const command = parseTemplateCommand(prefill.quickLine);
      const line = command ? command.rest : prefill.quickLine;
      const parsed = parseQuickAdd(line, { now: new Date(await conversation.now()), timeZone: user.timeZone, locale });
      if (parsed.dueDate && parsed.dueDate < today) return void (await ctx.reply(t(locale, 'new.quickPastDate', { date: formatDate(parsed.dueDate, locale) })));
      const title = (command ? parsed.title : parsed.title || line).slice(0, TITLE_MAX);
      input = { title, description: '', priority: parsed.priority ?? 'none', dueDate: parsed.dueDate, assignee: parsed.assignee, labels: parsed.labels };
      const hints = await conversation.external(() => backend.projectHints(user, chat));
      const named = projects.find((p) => p.key === parsed.projectKey)?.id;
      const known = [hints.linked, named, hints.lastUsed].find((id) => id !== undefined && id !== null && projects.some((p) => p.id === id));
      projectId = known ?? (await askProject(t(locale, 'new.prefilled', { title: title || line })));
      if (command) {
        const templates = await conversation.external(() => backend.templates(user, projectId));
        const template = findTemplate(templates, command.name);
        if (!template) {
          const names = templates.map((x) => `/${x.name}`).join(', ');
          return void (await ctx.reply(t(locale, names ? 'new.noTemplate' : 'new.noTemplates', { name: command.name, names })));
        }
        input.template = template.id;
      }
      if (parsed.cycle) {
        const which = parsed.cycle;
        const cycle: CycleRef | null = await conversation.external(() => backend.cycleOf(user, projectId, which));
        input.cycleId = cycle?.id ?? null;
        const projectKey = projects.find((p) => p.id === projectId)?.key ?? '';
        cycleLine = cycle
          ? t(locale, 'new.inCycle', { name: escapeHtml(cycleName(locale, cycle)), days: cycleDays(locale, cycle) })
          : t(locale, which === 'current' ? 'new.noCurrentCycle' : 'new.noNextCycle', { project: escapeHtml(projectKey) });
      }
    } else {
      projectId = await askProject(prefill?.title ? t(locale, 'new.prefilled', { title: prefill.title }) : null);
      input = (prefill ? null : await askTemplate(projectId)) ?? (await askDetails());
      input.cycleId = await askCycle(projectId);
    }

    const result = await conversation.external(async () => {
      try {
        const card = await backend.createIssue(user, { ...input, projectId, ...(chat ? { chat } : {}), ...(prefill?.forwarded ? { triage: true } : {}) });
        const file = prefill?.file ? await attachFile(backend, download, user, card.id, prefill.file) : null;
        return { card, refused: null, tooBig: file === 'tooBig' };
      } catch (err) {
        const key = refusalKey(err);
        if (!key) throw err;
        return { card: null, refused: key, tooBig: false };
      }
    });
    if (!result.card) return void (await ctx.reply(t(locale, result.refused ?? 'invalid')));
    await ctx.reply(`${t(locale, 'new.created')}\n\n${formatCard(result.card, locale, user.timeZone, now)}${cycleLine ? `\n\n${cycleLine}` : ''}`, {
      parse_mode: 'HTML',
      reply_markup: cardKeyboard(result.card, locale, ctx.me.username, true, group ? null : user.id),
      ...(prefill?.replyTo && prefill.replyTo.chatId === ctx.chat?.id ? { reply_parameters: { message_id: prefill.replyTo.messageId, allow_sending_without_reply: true } } : {}),
    });
    if (result.tooBig) await ctx.reply(t(locale, 'attach.tooBig'));
  }
  composer.use(createConversation(newIssue, 'newIssue'));

  composer.command('new', async (ctx) => {
    const source = ctx.message?.reply_to_message;
    const line = ctx.match.trim();
    if (line) return ctx.conversation.enter('newIssue', { title: '', description: '', replyTo: null, quickLine: line });
    await ctx.conversation.enter('newIssue', source ? prefillFrom(source, ctx.locale) : null);
  });
  // A message forwarded to the bot in a private chat becomes a pre-filled issue, its photo or file an
  // attachment; one with neither text nor file (a sticker) would make a blank issue, so it is explained instead.
  composer.chatType('private').on('message').filter((ctx) => !!ctx.message.forward_origin, async (ctx) => {
    const prefill = prefillFrom(ctx.message, ctx.locale);
    if (!prefill) return void (await ctx.reply(t(ctx.locale, 'new.forwardNoText')));
    await ctx.conversation.enter('newIssue', prefill);
  });
  // "Create an issue from this?" (fallback.ts) asks in a reply to the text: the issue is made of it.
  composer.use(
    onCallback(callbacks.fromMessage, async (ctx) => {
      const source = ctx.callbackQuery?.message?.reply_to_message;
      const prefill = source ? prefillFrom(source, ctx.locale) : null;
      if (!prefill) return answerQuery(ctx, { text: t(ctx.locale, 'staleButton') });
      if (Object.keys(ctx.conversation.active()).length) return answerQuery(ctx, { text: t(ctx.locale, 'new.busy') });
      await answerQuery(ctx);
      await ctx.conversation.enter('newIssue', prefill);
    }),
  );
  return composer;
}
