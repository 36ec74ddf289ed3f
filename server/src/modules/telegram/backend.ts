// The bot's view of the tracker: every call acts as the Telegram user's linked account, through
// the same services and permission checks as the HTTP API.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { BotBackend, BotUser } from '@tracker/bot';
import { conflict, invalid, notFound } from '@tracker/shared/domain-errors';
import { createCommentSchema } from '@tracker/shared/api/comments';
import { createIssueSchema } from '@tracker/shared/api/issues';
import { isLocale, type Locale } from '@tracker/shared/locales';
import { canInProject } from '@tracker/shared/permissions';
import type { ProjectRole } from '@tracker/shared/api/projects';
import { todayDate } from '@tracker/shared/quick-add/calendar';
import { parse } from '../../http/validate.ts';
import { TooLargeError, type BlobStore } from '../../storage/index.ts';
import { fileNameSchema, mimeSchema, storeAttachment } from '../attachments/attachment.service.ts';
import { requireIssue } from '../issues/issue-access.ts';
import { addComment } from '../issues/comment.service.ts';
import { createIssue, updateIssue } from '../issues/issue.service.ts';
import { searchIssues } from '../issues/search.repository.ts';
import { requireProject, roleIn, visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';
import { requireStream } from '../streams/stream.service.ts';
import { assignedOpenCards, cardsByIds } from '../issues/cards.queries.ts';
import { accountByTelegramId, type TelegramAccount } from './identity.ts';
import { quickAddNames } from './quick-add-names.ts';

const viewerOf = (user: BotUser): Viewer => ({ id: user.id, roles: (user as Partial<TelegramAccount>).roles ?? [] });
const todayFor = (user: BotUser) => todayDate(user.timeZone);

export function createBotBackend(orm: MikroORM, storage: BlobStore): BotBackend {
  const em = () => orm.em.fork() as EntityManager;

  const card = async (user: BotUser, issueId: number) => {
    const [found] = await cardsByIds(em(), viewerOf(user), [issueId]);
    if (!found) throw notFound('issue');
    return found;
  };

  return {
    async identify(tg) {
      const [user, [pref]] = await Promise.all([
        accountByTelegramId(em(), tg.id),
        em().execute<{ locale: string }[]>('select locale from bot_chat_prefs where telegram_id = ?', [tg.id]),
        // Whoever writes to the bot can be written to again (a 403 had marked them unreachable).
        em().execute('update users set telegram_unreachable_at = null where telegram_id = ? and telegram_unreachable_at is not null', [tg.id]),
      ]);
      const telegramLocale: Locale = tg.languageCode?.toLowerCase().startsWith('en') ? 'en' : 'ru';
      const locale = user?.locale ?? (pref && isLocale(pref.locale) ? pref.locale : telegramLocale);
      return { user, locale };
    },
    async setLocale(tg, locale) {
      await em().transactional(async (tem) => {
        await tem.execute('insert into bot_chat_prefs (telegram_id, locale) values (?, ?) on conflict (telegram_id) do update set locale = excluded.locale', [tg.id, locale]);
        await tem.execute('update users set locale = ?, updated_at = now() where telegram_id = ?', [locale, tg.id]);
      });
    },
    async projects(user, groupChatId) {
      const viewer = viewerOf(user);
      const visible = visibleProjectsCondition(viewer, 'p');
      // The bot cannot list a group's members: a group sees only what any signed-in member may see,
      // or what someone who could see it linked to the group on purpose.
      const inGroup = groupChatId === null ? '' : `and (p.visibility = 'all' or p.id in (select l.project_id from telegram_chat_links l where l.chat_id = ?))`;
      const rows = await em().execute<{ id: number; key: string; name: string; visibility: string; role: ProjectRole | null }[]>(
        `select p.id, p.key, p.name, p.visibility, pm.role from projects p
           left join project_members pm on pm.project_id = p.id and pm.user_id = ?
          where p.archived_at is null and ${visible.sql} ${inGroup} order by p.name, p.id`,
        [viewer.id, ...visible.params, ...(groupChatId === null ? [] : [groupChatId])],
      );
      return rows
        .filter((r) => canInProject(roleIn(r.visibility, r.role), viewer.roles, 'issue.create'))
        .map((r) => ({ id: r.id, key: r.key, name: r.name }));
    },
    async createIssue(user, { chat, assignee, labels, ...input }) {
      const named = await quickAddNames(em(), input.projectId, user.id, assignee ?? null, labels ?? []);
      const body = parse(createIssueSchema, { ...input, ...named });
      const id = await em().transactional(async (tem) => {
        const created = await createIssue(tem, viewerOf(user), body);
        if (chat) await tem.execute('insert into telegram_issue_origins (issue_id, chat_id) values (?, ?)', [created, chat.chatId]);
        return created;
      });
      return card(user, id);
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
      return e.execute<{ id: number; name: string }[]>('select id, name from statuses where project_id = ? order by position, id', [issue.projectId]);
    },
    async setStatus(user, issueId, statusId) {
      await updateIssue(em(), viewerOf(user), issueId, { statusId });
      return card(user, issueId);
    },
    async moveTo(user, issueId, category) {
      const e = em();
      const { issue } = await requireIssue(e, viewerOf(user), issueId, 'issue.edit');
      const [status] = await e.execute<{ id: number }[]>('select id from statuses where project_id = ? and category = ? order by position, id limit 1', [issue.projectId, category]);
      if (!status) throw conflict();
      await updateIssue(e, viewerOf(user), issueId, { statusId: status.id });
      return card(user, issueId);
    },
    async assignToMe(user, issueId) {
      await updateIssue(em(), viewerOf(user), issueId, { assigneeId: user.id });
      return card(user, issueId);
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
        if (!(await storeAttachment(e, storage, issue, user.id, { fileName, mimeType, body: Buffer.from(file.bytes) }))) throw invalid([]);
      } catch (err) {
        throw err instanceof TooLargeError ? invalid([]) : err;
      }
    },
    async projectHints(user, chat) {
      const [[linked], [last]] = await Promise.all([
        chat
          ? em().execute<{ project_id: number }[]>('select project_id from telegram_chat_links where chat_id = ? and thread_id in (?, 0) and project_id is not null order by thread_id desc limit 1', [chat.chatId, chat.threadId])
          : [],
        em().execute<{ project_id: number }[]>('select project_id from issues where reporter_id = ? order by created_at desc, id desc limit 1', [user.id]),
      ]);
      return { linked: linked?.project_id ?? null, lastUsed: last?.project_id ?? null };
    },
    async snooze(user, issueId, days) {
      const current = await card(user, issueId);
      const base = current.dueDate && current.dueDate > todayFor(user) ? current.dueDate : todayFor(user);
      const [next] = await em().execute<{ d: string }[]>(`select to_char(?::date + ?::int, 'YYYY-MM-DD') as d`, [base, days]);
      await updateIssue(em(), viewerOf(user), issueId, { dueDate: next!.d });
      return card(user, issueId);
    },
    async search(user, query) {
      const e = em();
      const hits = await searchIssues(e, viewerOf(user), query.slice(0, 200), 20);
      return cardsByIds(e, viewerOf(user), hits.map((h) => h.id));
    },
    async linkChat(user, chat, target) {
      const e = em();
      const viewer = viewerOf(user);
      const stream = /^stream_(\d+)$/.exec(target);
      let bound: { kind: 'project' | 'stream'; name: string; projectId: number | null; streamId: number | null };
      if (stream) {
        const row = await requireStream(e, viewer, Number(stream[1]), 'stream.post');
        bound = { kind: 'stream', name: row.name, projectId: null, streamId: row.id };
      } else {
        const { project } = await requireProject(e, viewer, target.toUpperCase(), 'project.view');
        bound = { kind: 'project', name: project.name, projectId: project.id, streamId: null };
      }
      await e.execute(
        `insert into telegram_chat_links (chat_id, thread_id, project_id, stream_id, created_by, locale) values (?, ?, ?, ?, ?, ?)
         on conflict (chat_id, thread_id) do update set project_id = excluded.project_id, stream_id = excluded.stream_id, created_by = excluded.created_by, created_at = now()`,
        [chat.chatId, chat.threadId, bound.projectId, bound.streamId, user.id, user.locale],
      );
      return { kind: bound.kind, name: bound.name };
    },
    async firstDelivery(updateId) {
      // Telegram redelivers for hours at most; a day of ids is plenty, pruned now and then.
      if (updateId % 100 === 0) await em().execute(`delete from bot_updates where seen_at < now() - interval '1 day'`);
      const inserted = await em().execute<{ update_id: string }[]>(
        'insert into bot_updates (update_id) values (?) on conflict do nothing returning update_id',
        [updateId],
      );
      return inserted.length === 1;
    },
    conversationStorage: {
      async read(key) {
        const [row] = await em().execute<{ value: unknown }[]>('select value from bot_conversations where key = ?', [key]);
        return row?.value;
      },
      async write(key, value) {
        await em().execute(
          'insert into bot_conversations (key, value) values (?, ?::jsonb) on conflict (key) do update set value = excluded.value, updated_at = now()',
          [key, JSON.stringify(value)],
        );
      },
      async delete(key) {
        await em().execute('delete from bot_conversations where key = ?', [key]);
      },
    },
  };
}
