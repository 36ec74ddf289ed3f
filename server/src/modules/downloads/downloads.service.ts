// Who a signed download link reads as (issue 25): its user, while they may still sign in. And the
// files the web app makes itself, held for Telegram's downloader for as long as their link lives.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BrowserFileRequest, DownloadLinkResponse } from '@tracker/shared/api/downloads';
import { fieldError, notFound } from '@tracker/shared/domain-errors';
import { DOWNLOAD_LINK_TTL_SEC } from '@tracker/shared/limits';
import type { User } from '../users/user.entity.ts';
import { insertBrowserFile, selectBrowserFile, type BrowserFile } from './browser-files.repository.ts';
import type { DownloadLinks } from './download-links.ts';
import { linkUser } from './downloads.repository.ts';

/** The signed link's user; null when they are gone or blocked: a blocked user's links die with their sessions. */
export async function linkReader(em: EntityManager, userId: number): Promise<User | null> {
  const user = await linkUser(em, userId);
  return user && !user.blockedAt ? user : null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes are what the type says: a PNG starts with its signature, a CSV is UTF-8 text. */
function isOfType(body: Buffer, type: BrowserFileRequest['type']): boolean {
  if (type === 'image/png') return body.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
  try {
    return !utf8.decode(body).includes('\0');
  } catch {
    return false;
  }
}

/** Holds the file for its maker and answers its signed address (Telegram's downloader sends no session). */
export async function holdBrowserFile(em: EntityManager, links: DownloadLinks, userId: number, input: BrowserFileRequest): Promise<DownloadLinkResponse> {
  const body = Buffer.from(input.content, 'base64');
  if (!body.length || !isOfType(body, input.type)) throw fieldError('content', 'validation.invalid');
  const contentType = input.type === 'text/csv' ? 'text/csv; charset=utf-8' : input.type;
  const id = await insertBrowserFile(em, userId, { fileName: input.fileName, contentType, body }, new Date(Date.now() + DOWNLOAD_LINK_TTL_SEC * 1000));
  return links.issue(`/api/downloads/files/${id}`, userId);
}

/** The reader's own file, while it is held; another's, an expired one or an unknown id is a 404. */
export async function heldBrowserFile(em: EntityManager, userId: number, id: string): Promise<BrowserFile> {
  const file = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) ? await selectBrowserFile(em, id, userId) : undefined;
  if (!file) throw notFound();
  return file;
}
