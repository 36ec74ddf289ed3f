// Photos and files sent to the bot, as attachments of an issue: found in a message, downloaded
// through the Bot API (getFile, then `<apiRoot>/file/bot<token>/<file_path>`), handed to the backend.
import { GrammyError, type Api } from 'grammy';
import type { Message } from 'grammy/types';
import type { BotBackend, BotUser } from './backend.ts';

/** A photo or document of a message, as the bot can fetch it. */
export interface TelegramFile {
  fileId: string;
  name: string;
  mimeType: string;
  /** Bytes, when Telegram told (it usually does). */
  size: number | null;
  /** A voice or video note: its length in seconds (it may be transcribed). */
  spokenSec?: number;
}

/** Bots may download files up to this size only (Bot API getFile). */
export const BOT_DOWNLOAD_LIMIT = 20 * 1024 * 1024;

export type Download = (fileId: string) => Promise<Uint8Array>;

/** The file of a message — a photo (its largest size), a document, a voice or video note, a video or an audio — or null. */
export function fileOf(message: Message): TelegramFile | null {
  const photo = message.photo?.at(-1);
  if (photo) return { fileId: photo.file_id, name: `photo_${photo.file_unique_id}.jpg`, mimeType: 'image/jpeg', size: photo.file_size ?? null };
  const doc = message.document;
  if (doc) return { fileId: doc.file_id, name: doc.file_name || `file_${doc.file_unique_id}`, mimeType: doc.mime_type ?? 'application/octet-stream', size: doc.file_size ?? null };
  const voice = message.voice;
  if (voice) return { fileId: voice.file_id, name: `voice_${voice.file_unique_id}.ogg`, mimeType: voice.mime_type ?? 'audio/ogg', size: voice.file_size ?? null, spokenSec: voice.duration };
  const note = message.video_note;
  if (note) return { fileId: note.file_id, name: `video_note_${note.file_unique_id}.mp4`, mimeType: 'video/mp4', size: note.file_size ?? null, spokenSec: note.duration };
  const media = message.video ?? message.audio;
  if (media) return { fileId: media.file_id, name: media.file_name || `${message.video ? 'video' : 'audio'}_${media.file_unique_id}`, mimeType: media.mime_type ?? 'application/octet-stream', size: media.file_size ?? null };
  return null;
}

/** Fetches a file's bytes from the Bot API server the bot talks to. */
export function downloader(api: Api, apiRoot: string, token: string): Download {
  return async (fileId) => {
    const file = await api.getFile(fileId);
    if (!file.file_path) throw new Error('getFile returned no file_path');
    const res = await fetch(`${apiRoot}/file/bot${token}/${file.file_path}`);
    if (!res.ok) throw new Error(`file download failed: HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  };
}

const tooBigForBots = (err: unknown) => err instanceof GrammyError && err.error_code === 400 && err.description.includes('file is too big');

/**
 * Adds the file to the issue as `user` (the attachment's id); 'tooBig' when bots may not download it (Telegram's 20 MB
 * limit, known from the message or from getFile's refusal).
 */
export async function attachFile(backend: BotBackend, download: Download, user: BotUser, issueId: number, file: TelegramFile): Promise<{ attachmentId: number } | 'tooBig'> {
  if (file.size !== null && file.size > BOT_DOWNLOAD_LIMIT) return 'tooBig';
  let bytes: Uint8Array;
  try {
    bytes = await download(file.fileId);
  } catch (err) {
    if (tooBigForBots(err)) return 'tooBig';
    throw err;
  }
  return { attachmentId: await backend.addAttachment(user, issueId, { name: file.name, mimeType: file.mimeType, bytes }) };
}
