// The daily standup of a linked group (issue 26, part 7): every minute a cron job finds the groups
// whose standup time has come in their zone, claims today's under a row lock (once however many
// replicas run it), and queues one message per linked project (in its topic) through the per-chat
// outbox, so Telegram's flood limits pause that chat. `/standup` posts it at once.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { formatStandup, type ChatRef, type Standup, type StandupIssue } from '@tracker/bot';
import { todayIn } from '@tracker/shared/dates';
import type { JobQueue } from '../jobs/index.ts';
import { queueMessage } from '../notifications/outbox.ts';
import { groupVisibleCondition } from '../projects/project-access.ts';
import { groupLocale } from './group-links.ts';
import { groupSettings } from './group-settings.ts';
import { claimStandup, selectDueStandups, selectStandupLinks, selectStandupRows, type StandupRow } from './standup.repository.ts';

export const STANDUP_SCAN_JOB = 'telegram.standup-scan';
const STANDUP_SCAN_CRON = { identifier: STANDUP_SCAN_JOB, task: STANDUP_SCAN_JOB, match: '* * * * *', maxAttempts: 3 };
const DAY_MS = 86_400_000;

/** The rows of one project, by person (the unassigned last). */
export function standupOf(project: string, rows: StandupRow[]): Standup {
  const people = new Map<string | null, Standup['people'][number]>();
  for (const r of rows) {
    const person = people.get(r.assignee) ?? { name: r.assignee, done: [], inProgress: [], stuck: [] };
    people.set(r.assignee, person);
    const issue: StandupIssue = { id: r.id, key: r.key, title: r.title };
    if (r.done) person.done.push(issue);
    else if (r.blocked || r.overdue) person.stuck.push({ ...issue, stuck: r.blocked ? 'blocked' : 'overdue' });
    else if (r.started) person.inProgress.push(issue);
  }
  return { project, people: [...people.values()] };
}

/** The standup of each project linked in the chat (`threadId`: only the link that topic, or the chat, resolves to). */
async function standups(em: EntityManager, chatId: number, since: Date, today: string, only: ChatRef | null) {
  let links = await selectStandupLinks(em, chatId, groupVisibleCondition({ id: chatId }, 'p'));
  if (only) {
    const own = links.find((l) => l.thread_id === only.threadId) ?? links.find((l) => l.thread_id === 0);
    links = own ? [own] : [];
  }
  return Promise.all(links.map(async (l) => ({ threadId: l.thread_id, standup: standupOf(l.name, await selectStandupRows(em, l.project_id, since, today)) })));
}

/** `/standup` now, where it was sent (the last day's completions); null when no project is linked there. */
export async function standupNow(em: EntityManager, chat: ChatRef): Promise<Standup | null> {
  const settings = await groupSettings(em, chat.chatId);
  const [one] = await standups(em, chat.chatId, new Date(Date.now() - DAY_MS), todayIn(settings.timeZone), chat);
  return one?.standup ?? null;
}

export function registerStandups(deps: { jobs: JobQueue; orm: MikroORM; botUsername: () => Promise<string> }) {
  async function scan(now = new Date()): Promise<number> {
    const em = deps.orm.em.fork() as EntityManager;
    let sent = 0;
    const dues = await selectDueStandups(em, now);
    const username = dues.length ? await deps.botUsername() : '';
    for (const due of dues) {
      const chatId = Number(due.chat_id);
      const since = due.sent_at ?? new Date(now.getTime() - DAY_MS);
      const queued = await em.transactional(async (tem) => {
        if (!(await claimStandup(tem, chatId, due.today, now))) return false;
        const locale = (await groupLocale(tem, chatId)) ?? 'ru';
        for (const { threadId, standup } of await standups(tem, chatId, since, due.today, null)) {
          const line = formatStandup(locale, username, standup);
          await queueMessage(tem, deps.jobs, { chatId, ...(threadId ? { threadId } : {}), issueId: null, line, card: '', replyMarkup: null, silent: true }, 0);
        }
        return true;
      });
      if (queued) sent += 1;
    }
    return sent;
  }
  deps.jobs.register({ [STANDUP_SCAN_JOB]: async () => void (await scan()) }, [STANDUP_SCAN_CRON]);
  return { scan };
}
