// The shapes the bot and the tracker exchange through BotBackend (backend.ts): people, cards,
// projects, cycles, chats and what a call answers.
import type { IssueSla } from '@tracker/shared/api/sla';
import type { Locale } from '@tracker/shared/locales';

export interface TelegramIdentity {
  id: number;
  username?: string;
  languageCode?: string;
}

/** The tracker account linked to a Telegram user. */
export interface BotUser {
  id: number;
  name: string;
  locale: Locale;
  /** For "today" and "tomorrow" (notification settings). */
  timeZone: string;
}

export interface IssueCard {
  id: number;
  key: string;
  title: string;
  statusId: number;
  statusName: string;
  statusCategory: string;
  priority: string;
  dueDate: string | null;
  assigneeId: number | null;
  assigneeName: string | null;
  projectName: string;
  completedAt: string | null;
  /** Its SLA's deadlines (docs/sla.md), null without one. */
  sla: IssueSla | null;
}

/** The categories a card moves an issue to in one tap. */
export const QUICK_CATEGORIES = ['started', 'completed'] as const;
export type QuickCategory = (typeof QUICK_CATEGORIES)[number];

export interface ProjectChoice {
  id: number;
  key: string;
  name: string;
}

export interface NewIssueInput {
  projectId: number;
  title: string;
  description: string;
  priority: string;
  dueDate: string | null;
  /** A one-line `/new`'s `@person`, resolved among the people of the project (unknown: unassigned). */
  assignee?: string | null;
  /** A one-line `/new`'s `#labels`, matched by name in the project (unknown ones are left out). */
  labels?: string[];
  /** A one-line `/new`'s `*current` / `*next`: the cycle `cycleOf` found (an ended or foreign one is refused). */
  cycleId?: number | null;
  /** The group chat it is created from: that chat shows the new card, so it is not told again. */
  chat?: ChatRef;
  /**
   * A template of the project (`/new /name …`): `title` is then its `{title}` text, and only a
   * priority, due date, person or labels the line named go over the template's.
   */
  template?: number;
  /** A message forwarded to the bot: into the project's Triage when it has one (else its first status). */
  triage?: boolean;
}

/** A project's cycle (issue 29): where a quick add's `*current` / `*next` puts an issue, and what `/cycle` sums up. */
export interface CycleRef {
  id: number;
  number: number;
  name: string | null;
  startsOn: string;
  /** The day after its last: the next cycle's first day. */
  endsOn: string;
}

/** `/cycle`: a current cycle in short. */
export interface CycleSummary extends CycleRef {
  projectKey: string;
  projectName: string;
  /** Days left, today (in the cycle's time zone) included: 1 on its last day. */
  daysLeft: number;
  /** Issues in it now, those completed and those in a started status. */
  scope: number;
  completed: number;
  inProgress: number;
}

/** `/cycle` in a group: the linked project's current cycle, or why there is none to show (a members-only project is not named). */
export type GroupCycle = { result: 'cycle'; cycle: CycleSummary } | { result: 'noCycle'; projectName: string } | { result: 'notLinked' | 'membersOnly' };

export interface TemplateChoice {
  id: number;
  name: string;
}

export interface DigestState {
  enabled: boolean;
  /** `HH:MM` in `timeZone`. */
  time: string;
  timeZone: string;
}

export interface ChatRef {
  chatId: number;
  threadId: number;
  /** The group's title as Telegram names it (for the project's activity and the consent question). */
  title?: string;
}

/**
 * What `/link` did: bound the chat, found it bound so already, asks the owner to confirm a
 * members-only project, or refused one to someone who does not own it.
 */
export type ChatLinkResult =
  | { result: 'linked' | 'already'; kind: 'project' | 'stream'; name: string; /** The project's key (a project link). */ key?: string }
  | { result: 'confirm'; requestId: number; name: string }
  | { result: 'ownersOnly' };

/** A message captured from a linked group (issue 26): what becomes the issue, and where it came from. */
export interface CaptureInput {
  title: string;
  description: string;
  source: { chatId: number; threadId: number; messageId: number; url: string; author: string };
}

/** What capture did: an issue in the linked project's Triage, or why none (an unlinked chat, a person who is not a member). */
export type CaptureResult = { result: 'captured'; card: IssueCard } | { result: 'notLinked' | 'notMember' };

/** `/topics`: the projects the group's general link posts that get a topic of their own, and how many others the user does not own. */
export interface TopicPlan {
  projects: ProjectChoice[];
  notOwned: number;
}

/** A note to transcribe (`transcribe`), and the card that says "transcribing…" until it is done. */
export interface TranscribeRequest {
  issueId: number;
  attachmentId: number;
  /** Who sent or captured it (the issue changes as them). */
  telegramId: number;
  chatId: number;
  messageId: number;
  locale: Locale;
  /** The issue's title is a stand-in ("Voice note"): the words' title replaces it. */
  retitle: boolean;
}

/** A team group's settings (`/settings`, its administrators). */
export interface GroupSettings {
  /** A ✍ reaction to a message captures it, as `/issue` in reply does (needs the bot to administer the group). */
  captureReactions: boolean;
  /** The daily standup's time, `HH:MM` in `timeZone`; null while it is off. */
  standupTime: string | null;
  timeZone: string;
}

/** The owner's answer to a link question: the group it was about, in its language, and what was done (null: declined). */
export interface LinkAnswer {
  chat: ChatRef;
  locale: Locale;
  result: Extract<ChatLinkResult, { result: 'linked' | 'already' }> | null;
}
