// Voice and video notes become issues (issue 26, part 4): the bot attaches the note and answers with
// the card saying "transcribing…"; this job hears it with the local transcriber, fills the issue
// from the words through the shared quick-add parser (title, due date, priority said aloud), adds
// the transcript to the description, and edits the card. Without a transcriber the card says so.
import { GrammyError, type Api } from 'grammy';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { botText, cardKeyboard, formatCard, type TranscribeRequest } from '@tracker/bot';
import { escapeHtml } from '@tracker/shared/html';
import { isLocale } from '@tracker/shared/locales';
import { parseQuickAdd } from '@tracker/shared/quick-add/index';
import type { Logger } from '../../logger.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { fileKey } from '../attachments/attachment.service.ts';
import { cardsByIds } from '../issues/cards.repository.ts';
import { updateIssue } from '../issues/issue.service.ts';
import { enqueueIn } from '../jobs/enqueue.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { accountByTelegramId } from './identity.ts';
import type { Transcriber } from './transcriber.ts';
import { selectNote } from './voice.repository.ts';

export const TRANSCRIBE_JOB = 'telegram.transcribe';

export const requestTranscript = (em: EntityManager, request: TranscribeRequest) => enqueueIn(em, TRANSCRIBE_JOB, { ...request }, { maxAttempts: 3 });

type Outcome = { transcript: string } | { note: 'voice.noEngine' | 'voice.failed' | 'voice.nothingHeard' };

export function registerVoice(deps: { jobs: JobQueue; orm: MikroORM; api: Api; storage: BlobStore; transcriber: Transcriber | null; logger: Logger; botUsername: () => Promise<string> }) {
  async function hear(em: EntityManager, r: TranscribeRequest): Promise<Outcome> {
    if (!deps.transcriber) return { note: 'voice.noEngine' };
    const note = await selectNote(em, r.attachmentId, r.issueId);
    const file = note && (await deps.storage.get(fileKey(note.storage_key)));
    if (!note || !file) return { note: 'voice.failed' };
    try {
      const bytes = new Uint8Array(Buffer.concat(await file.body.toArray()));
      const transcript = await deps.transcriber.transcribe({ bytes, mimeType: note.mime_type }, r.locale);
      return transcript ? { transcript } : { note: 'voice.nothingHeard' };
    } catch (err) {
      deps.logger.warn({ err, issueId: r.issueId }, 'transcription failed');
      return { note: 'voice.failed' };
    }
  }

  async function transcribe(r: TranscribeRequest) {
    const em = deps.orm.em.fork() as EntityManager;
    const user = await accountByTelegramId(em, r.telegramId);
    if (!user) return;
    const outcome = await hear(em, r);
    if ('transcript' in outcome) {
      const said = parseQuickAdd(outcome.transcript, { now: new Date(), timeZone: user.timeZone, locale: r.locale, spoken: true });
      const note = await selectNote(em, r.attachmentId, r.issueId);
      const description = [note?.description.trim(), `🎙 ${outcome.transcript}`].filter(Boolean).join('\n\n');
      await updateIssue(em, user, r.issueId, {
        description,
        ...(r.retitle && said.title ? { title: said.title.slice(0, 300) } : {}),
        ...(said.dueDate ? { dueDate: said.dueDate } : {}),
        ...(said.priority ? { priority: said.priority } : {}),
      });
    }
    const [card] = await cardsByIds(em, null, [r.issueId]);
    if (!card) return;
    const line = 'transcript' in outcome ? `🎙 <i>${escapeHtml(outcome.transcript.slice(0, 500))}</i>` : escapeHtml(botText(r.locale, outcome.note));
    try {
      await deps.api.editMessageText(r.chatId, r.messageId, `${formatCard(card, r.locale, user.timeZone)}\n\n${line}`, {
        parse_mode: 'HTML',
        reply_markup: cardKeyboard(card, r.locale, await deps.botUsername()),
      });
    } catch (err) {
      // The card was deleted, or says this already: nothing to edit. A 429 is retried by the queue.
      if (!(err instanceof GrammyError && err.error_code === 400)) throw err;
    }
  }

  deps.jobs.register({
    [TRANSCRIBE_JOB]: async (payload) => {
      const locale = isLocale(payload.locale) ? payload.locale : 'ru';
      await transcribe({ ...(payload as unknown as TranscribeRequest), locale });
    },
  });
}
