// The bot's view of the tracker: every call acts as the Telegram user's linked account, through
// the same services and permission checks as the HTTP API.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { negotiateLocale, type BotBackend, type BotUser } from '@tracker/bot';
import { conflict, forbidden, invalid, notFound } from '@tracker/shared/domain-errors';
import { createCommentSchema } from '@tracker/shared/api/comments';
import { createIssueSchema } from '@tracker/shared/api/issues';
import { INVITE_DAYS_DEFAULT } from '@tracker/shared/api/invites';
import { triageActionSchema } from '@tracker/shared/api/triage';
import { isLocale } from '@tracker/shared/locales';
import { todayIn } from '@tracker/shared/dates';
import { plusDays, snoozedDue } from '@tracker/shared/quick-add/calendar';
import { parse } from '../../http/validate.ts';
import { TooLargeError, type BlobStore } from '../../storage/index.ts';
import { fileNameSchema, mimeSchema, storeAttachment } from '../attachments/attachment.service.ts';
import { requireIssue } from '../issues/issue-access.ts';
import { addComment } from '../issues/comment.service.ts';
import { logTime } from '../time/time.service.ts';
import { createIssue, updateIssue } from '../issues/issue.service.ts';
import { searchIssues } from '../issues/search.service.ts';
import { projectAccess, type Viewer } from '../projects/project-access.ts';
import { canInProject } from '@tracker/shared/permissions';
import { selectTemplates } from '../templates/template-reads.repository.ts';
import { issueFromTemplate } from '../templates/template.service.ts';
import { assignedOpenCards, cardsByIds } from '../issues/cards.repository.ts';
import { linkTopic, topicPlan } from './topics.ts';
import { requestTranscript } from './voice.ts';
import { standupNow } from './standup.ts';
import { groupSettings, recentMessage, rememberMessage, updateGroupSettings } from './group-settings.ts';
import { answerLinkRequest, chatLink, creatableProjects, groupLocale, groupProjects, issuesShownInGroup, linkChat, linkRequest, setGroupLocale, unlinkChat } from './group-links.ts';
import type { InviteService } from '../invites/index.ts';
import type { TriageService } from '../triage/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import { REMIND_JOB } from '../notifications/dispatch.ts';
import { toTime } from '../notifications/quiet-hours.ts';
import { digestOf, toggleDigest } from '../notifications/settings.repository.ts';
import { projectName, recordIssueOrigin } from './chat-links.repository.ts';
import { accountByTelegramId, type TelegramAccount } from './identity.ts';
import { quickAddNames } from './quick-add-names.ts';
import { currentCyclesOf, cycleOf, groupCycle } from './bot-cycles.ts';
import { markTelegramReachable, setTelegramAccountLocale } from '../users/profile.repository.ts';
import { chatLocale, conversations, firstDelivery, firstStatusOf, lastActivityId, projectHints, projectStatuses, recordStatusChangeOrigin, setChatLocale } from './bot-backend.repository.ts';

const viewerOf = (user: BotUser): Viewer => ({ id: user.id, roles: (user as Partial<TelegramAccount>).roles ?? [] });
const todayFor = (user: BotUser) => todayIn(user.timeZone);

const REMIND_AFTER_MS = 60 * 60 * 1000;

export function createBotBackend(orm: MikroORM, jobs: JobQueue, storage: BlobStore, invites: InviteService, triage: TriageService): BotBackend {
  const em = () => orm.em.fork() as EntityManager;

  const card = async (user: BotUser, issueId: number) => {
    const [found] = await cardsByIds(em(), viewerOf(user), [issueId]);
    if (!found) throw notFound('issue');
    return found;
  };

  return {
    async identify(tg, groupChatId) {
      const [user, pref, group] = await Promise.all([accountByTelegramId(em(), tg.id), chatLocale(em(), tg.id), groupChatId ? groupLocale(em(), groupChatId) : null, markTelegramReachable(em(), tg.id)]);
      const chat = pref && isLocale(pref) ? pref : null;
      return { user, locale: negotiateLocale({ group, account: user?.locale ?? null, chat, languageCode: tg.languageCode }) };
    },
    // The language chosen in the bot is the account's too.
    setLocale: (tg, locale) => em().transactional(async (tem) => void (await Promise.all([setChatLocale(tem, tg.id, locale), setTelegramAccountLocale(tem, tg.id, locale)]))),
    setGroupLocale: (chatId, locale) => setGroupLocale(em(), chatId, locale),
    async projects(user, groupChatId) {
      if (groupChatId !== null) return (await groupProjects(em(), viewerOf(user), { chatId: groupChatId, threadId: 0 })).projects;
      return creatableProjects(em(), viewerOf(user), { sql: 'true', params: [] });
    },
    async groupProjects(user, chat) {
      const { linked, projects } = await groupProjects(em(), viewerOf(user), chat);
      return { linked, projects };
    },
    async createIssue(user, { chat, assignee, labels, template, triage: toTriage, ...input }) {
      const named = await quickAddNames(em(), input.projectId, user.id, assignee ?? null, labels ?? []);
      const id = await em().transactional(async (tem) => {
        let streamIds: number[] = [];
        if (chat) {
          // The bot offers a group only what it may name; a forged button must not name more.
          const allowed = await groupProjects(tem, viewerOf(user), chat);
          if (!allowed.projects.some((p) => p.id === input.projectId)) throw forbidden();
          if (allowed.streamId) streamIds = [allowed.streamId];
        }
        const created = template
          ? await issueFromTemplate(tem, viewerOf(user), input.projectId, template, { ...input, ...named, streamIds })
          : await createIssue(tem, viewerOf(user), parse(createIssueSchema, { ...input, ...named, streamIds, ...(toTriage ? { statusId: (await triage.statusOf(tem, input.projectId)) ?? undefined } : {}) }));
        if (chat) await recordIssueOrigin(tem, created, chat.chatId);
        return created;
      });
      return card(user, id);
    },
    async capture(user, chat, input) {
      const allowed = await groupProjects(em(), viewerOf(user), chat);
      if (!allowed.linked) return { result: 'notLinked' };
      const project = allowed.projects[0];
      if (!project) return { result: 'notMember' };
      // The triage status it may make is named in the group's language, the team's.
      const locale = (await groupLocale(em(), chat.chatId)) ?? user.locale;
      const id = await em().transactional(async (tem) => {
        const created = await triage.capture(tem, { ...viewerOf(user), locale }, { projectId: project.id, ...input });
        // The group sees the card under the message: the new-issue notification skips it.
        await recordIssueOrigin(tem, created, chat.chatId);
        return created;
      });
      return { result: 'captured', card: await card(user, id) };
    },
    async triage(user, issueId, input) {
      await triage.act(em(), viewerOf(user), issueId, parse(triageActionSchema, input));
      return card(user, issueId);
    },
    async templates(user, projectId) {
      const viewer = viewerOf(user);
      const access = await projectAccess(em(), viewer, projectId);
      if (!access || !canInProject(access.role, viewer.roles, 'issue.create')) return [];
      return (await selectTemplates(em(), projectId)).map((tpl) => ({ id: tpl.id, name: tpl.name }));
    },
    async issue(user, issueId) {
      const [found] = await cardsByIds(em(), viewerOf(user), [issueId]);
      return found ?? null;
    },
    myIssues: (user) => assignedOpenCards(em(), viewerOf(user), null),
    dueIssues: (user) => assignedOpenCards(em(), viewerOf(user), todayFor(user)),
    async statuses(user, issueId) {
      const e = em();
      const { issue } = await requireIssue(e, viewerOf(user), issueId, 'issue.edit');
      return projectStatuses(e, issue.projectId);
    },
    async setStatus(user, issueId, statusId, chat) {
      await em().transactional(async (tem) => {
        const before = await lastActivityId(tem, issueId);
        await updateIssue(tem, viewerOf(user), issueId, { statusId });
        // The group the button was pressed in sees the change on its card: the notification skips it.
        if (chat) await recordStatusChangeOrigin(tem, issueId, before, chat.chatId);
      });
      return card(user, issueId);
    },
    async moveTo(user, issueId, category) {
      const e = em();
      const { issue } = await requireIssue(e, viewerOf(user), issueId, 'issue.edit');
      const statusId = await firstStatusOf(e, issue.projectId, category);
      if (statusId === null) throw conflict();
      await updateIssue(e, viewerOf(user), issueId, { statusId });
      return card(user, issueId);
    },
    async assignToMe(user, issueId) {
      await updateIssue(em(), viewerOf(user), issueId, { assigneeId: user.id });
      return card(user, issueId);
    },
    async logTime(user, issueId, minutes) {
      await logTime(em(), viewerOf(user), issueId, { minutes, note: '' });
    },
    async addComment(user, issueId, body) {
      await addComment(em(), viewerOf(user), issueId, parse(createCommentSchema, { body }).body);
    },
    async addAttachment(user, issueId, file) {
      const e = em();
      const { issue } = await requireIssue(e, viewerOf(user), issueId, 'issue.edit');
      const fileName = parse(fileNameSchema, file.name.replace(/[\\/\0]/g, '_').slice(0, 255));
      const mimeType = parse(mimeSchema, file.mimeType.toLowerCase());
      try {
        const stored = await storeAttachment(e, storage, issue, user.id, { fileName, mimeType, body: Buffer.from(file.bytes) });
        if (!stored) throw invalid([]);
        return stored.id;
      } catch (err) {
        throw err instanceof TooLargeError ? invalid([]) : err;
      }
    },
    async transcribe(user, request) {
      const e = em();
      await requireIssue(e, viewerOf(user), request.issueId, 'issue.edit');
      await requestTranscript(e, request);
    },
    projectHints: (user, chat) => projectHints(em(), user.id, chat ?? null),
    cycleOf: (user, projectId, which) => cycleOf(em(), viewerOf(user), projectId, which),
    currentCycles: (user) => currentCyclesOf(em(), viewerOf(user)),
    groupCycle: (chat) => groupCycle(em(), chat),
    async snooze(user, issueId, days) {
      const current = await card(user, issueId);
      await updateIssue(em(), viewerOf(user), issueId, { dueDate: snoozedDue(current.dueDate, todayFor(user), days) });
      return card(user, issueId);
    },
    async dueIn(user, issueId, days) {
      await updateIssue(em(), viewerOf(user), issueId, { dueDate: plusDays(todayFor(user), days) });
      return card(user, issueId);
    },
    async remindLater(user, issueId) {
      await card(user, issueId);
      await jobs.enqueue(em(), REMIND_JOB, { userId: user.id, issueId }, { runAt: new Date(Date.now() + REMIND_AFTER_MS), jobKey: `${REMIND_JOB}:${user.id}:${issueId}` });
    },
    async toggleDigest(user) {
      const s = await toggleDigest(em(), user.id);
      return { enabled: s.enabled, time: toTime(s.time), timeZone: s.timeZone };
    },
    async digest(user) {
      const s = await digestOf(em(), user.id);
      return { enabled: s.enabled, time: toTime(s.time), timeZone: s.timeZone };
    },
    async search(user, query) {
      const e = em();
      const hits = await searchIssues(e, viewerOf(user), query.slice(0, 200), 20);
      return cardsByIds(e, viewerOf(user), hits.map((h) => h.id));
    },
    shownInGroup: (chatId, issueIds) => issuesShownInGroup(em(), chatId, issueIds),
    linkChat: (user, chat, target) => linkChat(em(), viewerOf(user), user, chat, target),
    linkRequest: (user, requestId) => linkRequest(em(), user, requestId),
    groupSettings: (chatId) => groupSettings(em(), chatId),
    standup: (chat) => standupNow(em(), chat),
    updateGroupSettings: (chatId, patch) => updateGroupSettings(em(), chatId, patch),
    rememberMessage: (chatId, messageId, message) => rememberMessage(em(), chatId, messageId, message),
    recentMessage: (chatId, messageId) => recentMessage(em(), chatId, messageId),
    topicPlan: (user, chatId) => topicPlan(em(), viewerOf(user), chatId),
    linkTopic: (user, chat, projectId) => linkTopic(em(), viewerOf(user), user, chat, projectId),
    answerLinkRequest: (user, requestId, confirmed) => answerLinkRequest(em(), viewerOf(user), user, requestId, confirmed),
    async groupInvite(user, chat) {
      const link = await chatLink(em(), chat);
      if (!link?.project_id) return null;
      const viewer = { ...viewerOf(user), name: user.name, locale: user.locale };
      const created = await invites.create(em(), viewer, link.project_id, { kind: 'link', role: 'member', expiresInDays: INVITE_DAYS_DEFAULT, maxUses: null });
      return created.telegramUrl ? { url: created.telegramUrl, name: await projectName(em(), link.project_id) } : null;
    },
    unlinkChat: (user, chat, groupAdmin) => unlinkChat(em(), chat, { viewer: user ? viewerOf(user) : null, groupAdmin }),
    firstDelivery: (updateId) => firstDelivery(em(), updateId),
    conversationStorage: {
      read: (key) => conversations.read(em(), key),
      write: (key, value) => conversations.write(em(), key, value),
      delete: (key) => conversations.delete(em(), key),
    },
  };
}
