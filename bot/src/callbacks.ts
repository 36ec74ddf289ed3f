// Every kind of callback data the bot puts on a button, as a typed codec: keyboards encode, handlers
// decode, and nothing else parses the strings. Telegram caps callback data at 64 bytes; each kind is
// a short prefix and a few ints (at most 10 digits) or short words, well under it.
import type { MiddlewareFn } from 'grammy';
import type { BotContext } from './context.ts';

type Part = 'int' | 'word';
type Value<P extends Part> = P extends 'int' ? number : string;
type Values<Ps extends readonly Part[]> = { [K in keyof Ps]: Value<Ps[K]> };

export interface Codec<Ps extends readonly Part[]> {
  encode(...values: Values<Ps>): string;
  decode(data: string | undefined): Values<Ps> | null;
}

const PARSE: Record<Part, (raw: string) => number | string | null> = {
  int: (raw) => (/^\d{1,10}$/.test(raw) ? Number(raw) : null),
  word: (raw) => (/^[a-z_]{1,16}$/.test(raw) ? raw : null),
};

function codec<const Ps extends readonly Part[]>(prefix: string, parts: Ps): Codec<Ps> {
  return {
    encode: (...values) => [prefix, ...values].join(':'),
    decode(data) {
      const [head, ...raw] = (data ?? '').split(':');
      if (head !== prefix || raw.length !== parts.length) return null;
      const values = raw.map((r, i) => PARSE[parts[i]!](r));
      return values.includes(null) ? null : (values as Values<Ps>);
    },
  };
}

export const callbacks = {
  /** Card: show the status picker of an issue. */
  statuses: codec('st', ['int']),
  /** Card: back from the picker to the card. */
  card: codec('cd', ['int']),
  /** Status picker: issue, status. */
  setStatus: codec('ss', ['int', 'int']),
  /** Card: move the issue to its project's first status of a category (`started`, `completed`). */
  moveTo: codec('mv', ['int', 'word']),
  /** Card of an issue in Triage: accept it (to the first unstarted status), or decline it. */
  triageAccept: codec('ta', ['int']),
  triageDecline: codec('td', ['int']),
  /** Card of an issue in Triage: out of the list until tomorrow; how to mark it a duplicate. */
  triageSnooze: codec('tz', ['int']),
  triageDuplicate: codec('tu', ['int']),
  /** Card: assign the issue to the presser. */
  assignMe: codec('me', ['int']),
  /** Card: move the due date by days. */
  snooze: codec('sz', ['int', 'int']),
  /** Due reminder: set the due date to today + days. */
  dueIn: codec('di', ['int', 'int']),
  /** Due reminder: remind me again in an hour. */
  remindLater: codec('rl', ['int']),
  /** `/lang`: the chosen locale. */
  language: codec('lang', ['word']),
  /** `/new` dialogue: owner's Telegram id, project. */
  project: codec('np', ['int', 'int']),
  /** `/new` dialogue: owner's Telegram id, priority. */
  priority: codec('npr', ['int', 'word']),
  /** `/new` dialogue: owner's Telegram id, due date choice (`today`, `tomorrow`, `friday`, `none`). */
  due: codec('nd', ['int', 'word']),
  /** `/new` dialogue: owner's Telegram id, the project's issue template (0: none). */
  template: codec('ntp', ['int', 'int']),
  /** `/new` dialogue: owner's Telegram id, the project's current or next cycle (0: none). */
  cycle: codec('ncy', ['int', 'int']),
  /** "Create an issue from this?": the issue from the message the question replies to. */
  fromMessage: codec('nw', []),
  /** `/my` list: page. */
  myPage: codec('my', ['int']),
  /** `/link` of a members-only project, asked in the owner's private chat: confirmed (the question's id). */
  linkConfirm: codec('lk', ['int']),
  /** `/link` of a members-only project, asked in the owner's private chat: declined (the question's id). */
  linkCancel: codec('lkx', ['int']),
  /** `/settings` in a group: the setting to change (`capture`, `standup`). */
  groupSetting: codec('gs', ['word']),
};

/** The kinds of a card's or reminder's buttons, whose first value is the issue. */
export const ISSUE_CODECS = [callbacks.statuses, callbacks.card, callbacks.setStatus, callbacks.moveTo, callbacks.assignMe, callbacks.snooze, callbacks.dueIn, callbacks.remindLater, callbacks.triageAccept, callbacks.triageDecline, callbacks.triageSnooze, callbacks.triageDuplicate] as const;

/** The kinds of a `/new` dialogue, whose first value is the owner's Telegram id. */
export const DIALOGUE_CODECS = [callbacks.project, callbacks.priority, callbacks.due, callbacks.template, callbacks.cycle] as const;

/** Middleware for one kind of callback: runs `handler` with the decoded values, passes anything else on. */
export function onCallback<Ps extends readonly Part[]>(
  kind: Codec<Ps>,
  handler: (ctx: BotContext, values: Values<Ps>) => Promise<unknown>,
): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const values = kind.decode(ctx.callbackQuery?.data);
    if (!values) return next();
    await handler(ctx, values);
  };
}
