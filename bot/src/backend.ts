// What the bot needs from the tracker. The server implements it on PostgreSQL (server/src/modules/
// telegram/backend.ts); the bot never touches the database itself. Every call acts as `user`, the
// account linked to the Telegram user, with that account's permissions.
import type { StorageAdapter } from 'grammy';
import { forbidden } from '@tracker/shared/domain-errors';
import type { TriageActionInput } from '@tracker/shared/api/triage';
import type { Locale } from '@tracker/shared/locales';
import { negotiateLocale } from './i18n.ts';
import type { Standup } from './standup.ts';
export * from './backend-types.ts';
import type { BotUser, CaptureInput, CaptureResult, ChatLinkResult, ChatRef, CycleRef, CycleSummary, DigestState, GroupCycle, GroupSettings, IssueCard, LinkAnswer, NewIssueInput, ProjectChoice, QuickCategory, TelegramIdentity, TemplateChoice, TopicPlan, TranscribeRequest } from './backend-types.ts';

/**
 * What the bot needs from the tracker. A refusal is a domain error (`@tracker/shared/domain-errors`),
 * which the bot explains in its own words (bot/src/context.ts); anything else is a failure.
 */
export interface BotBackend {
  /** The linked account and the language to answer in (`negotiateLocale`: in a group, the group's own). */
  identify(tg: TelegramIdentity, groupChatId?: number | null): Promise<{ user: BotUser | null; locale: Locale }>;
  setLocale(tg: TelegramIdentity, locale: Locale): Promise<void>;
  /** A group's own language: its replies, cards and notifications, in every topic. */
  setGroupLocale(chatId: number, locale: Locale): Promise<void>;
  /**
   * Projects the user can create issues in. For a group chat (`groupChatId`), only those every
   * member may see: projects open to the whole workspace and the ones linked to that chat.
   */
  projects(user: BotUser, groupChatId: number | null): Promise<ProjectChoice[]>;
  /**
   * Where `/new` in a group (topic) creates: a linked one, in its project or its stream's projects
   * only; an unlinked one, in projects open to the whole workspace. Never a members-only project.
   */
  groupProjects(user: BotUser, chat: ChatRef): Promise<{ linked: boolean; projects: ProjectChoice[] }>;
  createIssue(user: BotUser, input: NewIssueInput): Promise<IssueCard>;
  /** `/issue` (or a mention of the bot) in reply to a message of a linked group: a new issue in the project's Triage. */
  capture(user: BotUser, chat: ChatRef, input: CaptureInput): Promise<CaptureResult>;
  /** A triage action from the chat (the card's buttons, `/duplicate`) on an issue in Triage (project members only). */
  triage(user: BotUser, issueId: number, input: TriageActionInput): Promise<IssueCard>;
  /** The project's issue templates the user may create from (none when they may not). */
  templates(user: BotUser, projectId: number): Promise<TemplateChoice[]>;
  issue(user: BotUser, issueId: number): Promise<IssueCard | null>;
  myIssues(user: BotUser): Promise<IssueCard[]>;
  dueIssues(user: BotUser): Promise<IssueCard[]>;
  statuses(user: BotUser, issueId: number): Promise<{ id: number; name: string }[]>;
  /** `chat`: the group it is changed from, which shows the change on the card and is not told again. */
  setStatus(user: BotUser, issueId: number, statusId: number, chat?: ChatRef): Promise<IssueCard>;
  /** Moves the issue to its project's first status of this category (the one-tap card buttons). */
  moveTo(user: BotUser, issueId: number, category: QuickCategory): Promise<IssueCard>;
  assignToMe(user: BotUser, issueId: number): Promise<IssueCard>;
  /** Moves the due date `days` after itself (after today once it has passed). */
  snooze(user: BotUser, issueId: number, days: number): Promise<IssueCard>;
  /** Sets the due date `days` after today (a reminder's "tomorrow"). */
  dueIn(user: BotUser, issueId: number, days: number): Promise<IssueCard>;
  /** Tells the issue's due reminder to the user again in an hour. */
  remindLater(user: BotUser, issueId: number): Promise<void>;
  /** `/digest`: turns the morning digest on or off; its time is `HH:MM` in `timeZone`. */
  toggleDigest(user: BotUser): Promise<DigestState>;
  /** The morning digest as it is (`/start digest`, after a `/digest` in a group that could not be answered privately). */
  digest(user: BotUser): Promise<DigestState>;
  addComment(user: BotUser, issueId: number, body: string): Promise<void>;
  /** `/time` in reply to a card: minutes worked on the issue today. */
  logTime(user: BotUser, issueId: number, minutes: number): Promise<void>;
  /** Returns the attachment's id. */
  addAttachment(user: BotUser, issueId: number, file: { name: string; mimeType: string; bytes: Uint8Array }): Promise<number>;
  /**
   * Transcribes a voice or video note attached to the issue, in the background: the issue takes the
   * words (and, with `retitle`, its title from them), and the card `messageId` in `chatId` is edited.
   */
  transcribe(user: BotUser, request: TranscribeRequest): Promise<void>;
  /** The project's current or next cycle (a one-line `/new`'s `*current` / `*next`); null when it has none, or `user` may not see the project. */
  cycleOf(user: BotUser, projectId: number, which: 'current' | 'next'): Promise<CycleRef | null>;
  /** `/cycle` in a private chat: the current cycles of the projects `user` is a member of, by project name. */
  currentCycles(user: BotUser): Promise<CycleSummary[]>;
  /** `/cycle` in a group: the current cycle of the project linked where `chat` is (its topic, else the chat), when the group may be shown that project. */
  groupCycle(chat: ChatRef): Promise<GroupCycle>;
  /** Where a one-line `/new` may go: the project linked to the group chat (or topic), and the one the user last created an issue in. */
  projectHints(user: BotUser, chat: ChatRef | null): Promise<{ linked: number | null; lastUsed: number | null }>;
  search(user: BotUser, query: string): Promise<IssueCard[]>;
  /**
   * Of these issues, those a group chat may be shown: only what every member of it may see (the one
   * group rule, asked by everything the bot says where others read along). `chatId` null: a chat
   * Telegram does not name (an inline share).
   */
  shownInGroup(chatId: number | null, issueIds: number[]): Promise<Set<number>>;
  /** Binds a chat (or forum topic) to a project key or `stream_<id>`; a members-only project waits for `confirmLink`. */
  linkChat(user: BotUser, chat: ChatRef, target: string): Promise<ChatLinkResult>;
  /** The group a link question of `user` is about; null when it is not theirs, answered or stale. */
  linkRequest(user: BotUser, requestId: number): Promise<ChatRef | null>;
  /** Answers a link question: binds the members-only project (ownership checked again) or drops the question. */
  answerLinkRequest(user: BotUser, requestId: number, confirmed: boolean): Promise<LinkAnswer | null>;
  /** `/topics`: what the forum's general link posts, without a topic yet, that `user` owns. */
  topicPlan(user: BotUser, chatId: number): Promise<TopicPlan>;
  /** Binds a forum topic the bot made (`/topics`) to the project; owners only. */
  linkTopic(user: BotUser, chat: ChatRef, projectId: number): Promise<NonNullable<LinkAnswer['result']>>;
  groupSettings(chatId: number): Promise<GroupSettings>;
  /** The standup of the project linked where `chat` is (its topic, else the whole chat); null when none is. */
  standup(chat: ChatRef): Promise<Standup | null>;
  updateGroupSettings(chatId: number, patch: Partial<GroupSettings>): Promise<GroupSettings>;
  /** Keeps a group message for a later ✍ reaction, where the group captures by reaction (else nothing is kept). */
  rememberMessage(chatId: number, messageId: number, message: unknown): Promise<void>;
  /** A message kept by `rememberMessage` (two days), or null. */
  recentMessage(chatId: number, messageId: number): Promise<unknown | null>;
  /** A new join link (member, default expiry) to the project the chat (topic) is linked to; null when it is linked to none. Owners only. */
  groupInvite(user: BotUser, chat: ChatRef): Promise<{ url: string; name: string } | null>;
  /** Unbinds the chat (or forum topic): a group administrator, or an owner of the linked project (`user`). */
  unlinkChat(user: BotUser | null, chat: ChatRef, groupAdmin: boolean): Promise<'unlinked' | 'notLinked' | 'forbidden'>;
  /** True the first time an update_id is seen (Telegram may deliver an update again). */
  firstDelivery(updateId: number): Promise<boolean>;
  /** Where conversations (`/new`) keep their state between updates. */
  conversationStorage: StorageAdapter<unknown>;
}

/** A bot without a tracker behind it (tests of the bare bot): nobody is linked, state lives in memory. */
export function offlineBackend(): BotBackend {
  const memory = new Map<string, unknown>();
  const none = async (): Promise<never> => {
    throw forbidden();
  };
  const locales = new Map<number, Locale>();
  const groupLocales = new Map<number, Locale>();
  const seen = new Set<number>();
  return {
    identify: async (tg, groupChatId) => ({
      user: null,
      locale: negotiateLocale({ group: (groupChatId && groupLocales.get(groupChatId)) || null, account: null, chat: locales.get(tg.id) ?? null, languageCode: tg.languageCode }),
    }),
    setLocale: async (tg, locale) => void locales.set(tg.id, locale),
    setGroupLocale: async (chatId, locale) => void groupLocales.set(chatId, locale),
    projects: async () => [],
    groupProjects: async () => ({ linked: false, projects: [] }),
    createIssue: none,
    capture: async () => ({ result: 'notLinked' }),
    triage: none,
    templates: async () => [],
    issue: async () => null,
    myIssues: async () => [],
    dueIssues: async () => [],
    statuses: async () => [],
    setStatus: none,
    moveTo: none,
    assignToMe: none,
    snooze: none,
    dueIn: none,
    remindLater: none,
    toggleDigest: none,
    digest: none,
    addComment: none,
    logTime: none,
    addAttachment: none,
    transcribe: none,
    projectHints: async () => ({ linked: null, lastUsed: null }),
    cycleOf: async () => null,
    currentCycles: async () => [],
    groupCycle: async () => ({ result: 'notLinked' }),
    search: async () => [],
    shownInGroup: async () => new Set(),
    linkChat: none,
    linkRequest: async () => null,
    topicPlan: async () => ({ projects: [], notOwned: 0 }),
    groupSettings: async () => ({ captureReactions: false, standupTime: null, timeZone: 'Europe/Moscow' }),
    updateGroupSettings: none,
    standup: async () => null,
    rememberMessage: async () => {},
    recentMessage: async () => null,
    linkTopic: none,
    groupInvite: async () => null,
    answerLinkRequest: async () => null,
    unlinkChat: async () => 'notLinked',
    firstDelivery: async (updateId) => !seen.has(updateId) && !!seen.add(updateId),
    conversationStorage: {
      read: (key) => memory.get(key),
      write: (key, value) => void memory.set(key, value),
      delete: (key) => void memory.delete(key),
    },
  };
}
