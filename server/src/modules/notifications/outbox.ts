// Telegram messages wait in `telegram_outbox` and go out per chat, oldest first, one at a time: the
// deliver job of a chat runs in a graphile-worker queue of its own (serial), is keyed per chat (one
// waiting at a time) and is scheduled for when the chat may next be written to. A 429 pauses the
// chat for its full retry_after (no in-process retry); 429s on several chats within a few seconds pause
// the whole bot; a 403 from a person marks them unreachable.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { GrammyError, type Api } from 'grammy';
import type { Logger } from '../../logger.ts';
import type { JobQueue } from '../jobs/index.ts';
import { chatPausedUntil, deleteChatOutbox, deleteOutboxMessage, lockOldestOutboxMessage, markTelegramUnreachable, pauseBotOnBurst, pauseChat, upsertOutboxMessage, type OutboxRow } from './outbox.repository.ts';

export const DELIVER_JOB = 'telegram.deliver';
/** Queued before the outbox: a whole message per job. Kept so such jobs still arrive. */
export const LEGACY_SEND_JOB = 'telegram.send';

export interface OutboxMessage {
  chatId: number;
  threadId?: number;
  /** Sent as a reply to this message of the chat (a triage decline's reason, under the captured message). */
  replyTo?: number;
  issueId: number | null;
  /** What happened, as HTML; a later event on the same issue adds its line to a waiting message. */
  line: string;
  /** The issue card (HTML) and its buttons: the newest replaces the older. */
  card: string;
  replyMarkup: unknown;
  silent: boolean;
}

const MAX_ATTEMPTS = 25;
const isPerson = (chatId: number) => chatId > 0;

/** Schedules the chat's deliver job: `keep` leaves a waiting job's time (a pause, an earlier message) as it is. */
function schedule(jobs: JobQueue, em: EntityManager, chatId: number, runAt: Date | string, keep: boolean) {
  return jobs.enqueue(em, DELIVER_JOB, { chatId }, { jobKey: `${DELIVER_JOB}:${chatId}`, queueName: `telegram:${chatId}`, runAt: new Date(runAt), keepRunAt: keep, maxAttempts: MAX_ATTEMPTS });
}

/** Adds a message to its chat's outbox in the caller's transaction; within `burstSec` it may collect later events on its issue. */
export async function queueMessage(em: EntityManager, jobs: JobQueue, m: OutboxMessage, burstSec: number): Promise<void> {
  const sendAfter = await upsertOutboxMessage(
    em,
    { chatId: m.chatId, threadId: m.threadId ?? 0, issueId: m.issueId, replyTo: m.replyTo ?? null, line: m.line, card: m.card, replyMarkup: m.replyMarkup, silent: m.silent },
    burstSec,
  );
  await schedule(jobs, em, m.chatId, sendAfter, true);
}

type Outcome = { kind: 'sent' } | { kind: 'dropped'; reason: string } | { kind: 'pause'; seconds: number } | { kind: 'unreachable'; reason: string };

function outcomeOf(err: unknown): Outcome {
  if (!(err instanceof GrammyError)) throw err;
  if (err.error_code === 429) return { kind: 'pause', seconds: Math.max(1, err.parameters.retry_after ?? 1) };
  if (err.error_code === 403) return { kind: 'unreachable', reason: err.description };
  // Telegram refused this message (bad request): retrying cannot help, the chat's next one goes on.
  if (err.error_code === 400) return { kind: 'dropped', reason: err.description };
  throw err;
}

export function registerOutbox(deps: { jobs: JobQueue; orm: MikroORM; api: Api; logger: Logger; burstSec: number }) {
  const fork = () => deps.orm.em.fork() as EntityManager;

  async function send(row: OutboxRow): Promise<Outcome> {
    const text = row.card ? `${row.lines.join('\n')}\n\n${row.card}` : row.lines.join('\n');
    try {
      await deps.api.sendMessage(Number(row.chat_id), text, {
        parse_mode: 'HTML',
        // The digest links each issue key: no preview of the bot's own page under it.
        link_preview_options: { is_disabled: true },
        reply_markup: (row.reply_markup ?? undefined) as never,
        disable_notification: row.silent,
        ...(row.thread_id ? { message_thread_id: row.thread_id } : {}),
        ...(row.reply_to ? { reply_parameters: { message_id: row.reply_to, allow_sending_without_reply: true } } : {}),
      });
      return { kind: 'sent' };
    } catch (err) {
      return outcomeOf(err);
    }
  }

  /** Sends the chat's due messages in order until none is due, or the chat must wait or is gone. */
  async function deliver(chatId: number): Promise<void> {
    const em = fork();
    for (;;) {
      // The chat's own pause, or the whole bot's (chat 0).
      const pausedUntil = await chatPausedUntil(em, chatId);
      if (pausedUntil) return void (await schedule(deps.jobs, em, chatId, pausedUntil, false));
      // The row stays locked while it is sent: an event on its issue meanwhile waits, then starts a new message.
      const step = await em.transactional(async (tem): Promise<{ wait: Date | string | null } | { outcome: Outcome }> => {
        const row = await lockOldestOutboxMessage(tem, chatId);
        if (!row?.due) return { wait: row?.send_after ?? null };
        const outcome = await send(row);
        if (outcome.kind === 'sent' || outcome.kind === 'dropped') await deleteOutboxMessage(tem, row.id);
        return { outcome };
      });
      if ('wait' in step) return void (step.wait && (await schedule(deps.jobs, em, chatId, step.wait, false)));
      const { outcome } = step;
      if (outcome.kind === 'pause') {
        await em.transactional(async (tem) => {
          const until = await pauseChat(tem, chatId, outcome.seconds);
          await schedule(deps.jobs, tem, chatId, until, false);
        });
        // Told to wait on several chats within a few seconds: that is Telegram's limit for the whole bot.
        // Checked after this chat's pause is committed, so of two chats paused at once the later sees both.
        await pauseBotOnBurst(em);
        return;
      }
      if (outcome.kind === 'unreachable') {
        deps.logger.warn({ chatId, description: outcome.reason }, 'telegram chat unreachable: its messages are dropped');
        await em.transactional(async (tem) => {
          await deleteChatOutbox(tem, chatId);
          if (isPerson(chatId)) await markTelegramUnreachable(tem, chatId);
        });
        return;
      }
      if (outcome.kind === 'dropped') deps.logger.warn({ chatId, description: outcome.reason }, 'telegram notification dropped');
    }
  }

  deps.jobs.register({
    [DELIVER_JOB]: async (payload) => deliver(Number(payload.chatId)),
    [LEGACY_SEND_JOB]: async (p) => {
      const em = fork();
      await em.transactional((tem) =>
        queueMessage(tem, deps.jobs, { chatId: Number(p.chatId), threadId: Number(p.threadId ?? 0), issueId: null, line: String(p.text), card: '', replyMarkup: p.replyMarkup, silent: !!p.silent }, 0),
      );
    },
  });
  return { deliver };
}
