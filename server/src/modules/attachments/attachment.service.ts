// Adding a file to an issue, for the HTTP upload and the bot alike: the bytes go to the blob store,
// the row, its activity and the issue event in one transaction; the bytes are removed if that fails.
// Removing one: the row, its activity and the event in one transaction, then the bytes. Who may read
// one: whoever may see its issue now, by session or by a signed link of a user not blocked.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { forbidden } from '@tracker/shared/domain-errors';
import { ATTACHMENT_MAX_BYTES } from '@tracker/shared/limits';
import { canInProject } from '@tracker/shared/permissions';
import { z } from 'zod';
import type { BlobStore } from '../../storage/index.ts';
import { publishEvent } from '../events/publish.ts';
import { requireIssue } from '../issues/issue-access.ts';
import { Activity, Attachment } from '../issues/issue.entity.ts';
import type { Viewer } from '../projects/project-access.ts';
import { attachmentById, linkUser } from './attachment.repository.ts';

export const fileNameSchema = z.string().trim().min(1, 'validation.required').max(255, 'validation.tooLong').refine((s) => !/[\\/\0]/.test(s), 'validation.fileName');
/** The HTTP upload names its file URL-encoded in a header; a name that does not decode is taken as sent. */
export const headerFileNameSchema = z
  .string()
  .transform((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  })
  .pipe(fileNameSchema);
export const mimeSchema = z.string().regex(/^[\w.+-]+\/[\w.+-]+$/).max(127).catch('application/octet-stream');

/** Where an attachment's bytes are in the store (the row keeps only the random part). */
export const fileKey = (storageKey: string) => `attachments/${storageKey}`;

export interface NewAttachment {
  fileName: string;
  mimeType: string;
  body: Readable | Buffer;
}

/**
 * Stores `file` on the issue as uploaded by `uploaderId` (who may edit it: the caller checked).
 * Null for an empty file; throws the store's TooLargeError past ATTACHMENT_MAX_BYTES.
 */
export async function storeAttachment(em: EntityManager, storage: BlobStore, issue: { id: number; projectId: number }, uploaderId: number, file: NewAttachment): Promise<Attachment | null> {
  const storageKey = randomBytes(16).toString('hex');
  const size = await storage.put(fileKey(storageKey), file.body, { contentType: file.mimeType, limit: ATTACHMENT_MAX_BYTES });
  if (size === 0) {
    await storage.delete(fileKey(storageKey));
    return null;
  }
  try {
    return await em.transactional(async (tx) => {
      const row = tx.create(Attachment, { issueId: issue.id, uploaderId, fileName: file.fileName, mimeType: file.mimeType, size, storageKey });
      tx.create(Activity, { issueId: issue.id, projectId: issue.projectId, actorId: uploaderId, action: 'attachment.added', field: 'attachments', oldValue: null, newValue: { fileName: file.fileName } });
      await tx.flush();
      await publishEvent(tx as EntityManager, { type: 'issue.updated', issueId: issue.id, projectId: issue.projectId, streamIds: [], actorId: uploaderId });
      return row;
    });
  } catch (err) {
    await storage.delete(fileKey(storageKey));
    throw err;
  }
}

/** The user a signed link was made for; null when they are gone or blocked: their links die with their sessions. */
export async function linkReader(em: EntityManager, userId: number): Promise<Viewer | null> {
  const user = await linkUser(em, userId);
  return user && !user.blocked_at ? { id: user.id, roles: user.roles } : null;
}

/** The attachment, if `viewer` may see its issue now; null otherwise, as if it did not exist. */
export async function visibleAttachment(em: EntityManager, viewer: Viewer, attachmentId: number): Promise<Attachment | null> {
  const attachment = await attachmentById(em, attachmentId);
  if (!attachment) return null;
  const access = await requireIssue(em, viewer, attachment.issueId, 'project.view').catch(() => null);
  return access && attachment;
}

/**
 * Removes an attachment the actor may see (false when they may not, as if it did not exist): their
 * own upload with `issue.edit`, anyone's with `comment.moderate` (403 otherwise).
 */
export async function removeAttachment(em: EntityManager, storage: BlobStore, actor: Viewer, attachmentId: number): Promise<boolean> {
  const attachment = await attachmentById(em, attachmentId);
  if (!attachment) return false;
  const access = await requireIssue(em, actor, attachment.issueId, 'project.view').catch(() => null);
  if (!access) return false;
  const mayDelete = attachment.uploaderId === actor.id ? canInProject(access.role, actor.roles, 'issue.edit') : canInProject(access.role, actor.roles, 'comment.moderate');
  if (!mayDelete) throw forbidden();
  await deleteAttachment(em, storage, attachment, { projectId: access.issue.projectId, actorId: actor.id });
  return true;
}

/** The row, its activity and the issue event in one transaction, then the bytes. */
async function deleteAttachment(em: EntityManager, storage: BlobStore, attachment: Attachment, by: { projectId: number; actorId: number }): Promise<void> {
  await em.transactional(async (tx) => {
    tx.remove(attachment);
    tx.create(Activity, { issueId: attachment.issueId, projectId: by.projectId, actorId: by.actorId, action: 'attachment.removed', field: 'attachments', oldValue: { fileName: attachment.fileName }, newValue: null });
    await tx.flush();
    await publishEvent(tx as EntityManager, { type: 'issue.updated', issueId: attachment.issueId, projectId: by.projectId, streamIds: [], actorId: by.actorId });
  });
  await storage.delete(fileKey(attachment.storageKey));
}
