import type { EntityManager } from '@mikro-orm/postgresql';
import type { createStreamSchema, Stream, StreamFeedItem, updateStreamSchema } from '@tracker/shared/api/streams';
import type { z } from 'zod';
import { fieldError, forbidden, notFound } from '@tracker/shared/domain-errors';
import { publishEvent } from '../events/publish.ts';
import type { Viewer } from '../projects/project-access.ts';
import { streamFeed, toUpdateItem } from './stream-feed.ts';
import { streamCapabilities, toStreamDto, type StreamCapability, type StreamRow } from './stream.mapper.ts';
import { selectStream, selectStreams } from './stream-reads.repository.ts';
import {
  countUsers,
  deleteStreamRow,
  deleteUpdateRow,
  insertStream,
  insertStreamActivities,
  insertUpdate,
  replaceStreamMembers,
  selectUpdate,
  updateStreamFields,
  updateUpdateRow,
  type StreamChange,
  type StreamFields,
  type UpdateRow,
} from './stream.repository.ts';

type CreateInput = z.output<typeof createStreamSchema>;
type UpdateInput = z.output<typeof updateStreamSchema>;

async function checkUsersExist(em: EntityManager, path: string, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  if ((await countUsers(em, unique)) !== unique.length) throw fieldError(path, 'validation.invalid');
}

async function recordStreamActivity(em: EntityManager, streamId: number, actorId: number, action: string, changes: StreamChange[] = [[null, null, null]]) {
  await insertStreamActivities(em, streamId, actorId, action, changes);
}

const streamEvent = (streamId: number, actorId: number) => ({ type: 'stream.updated' as const, issueId: null, projectId: null, streamIds: [streamId], actorId });

/** The stream as this viewer sees it, after checking a capability on it (404 when it does not exist). */
export async function requireStream(em: EntityManager, viewer: Viewer, id: number, capability?: StreamCapability): Promise<StreamRow> {
  const row = await selectStream(em, viewer, id);
  if (!row) throw notFound('stream');
  if (capability && !streamCapabilities(row, viewer).includes(capability)) throw forbidden();
  return row;
}

/** Every stream, with what the viewer may do to each. */
export async function listStreams(em: EntityManager, viewer: Viewer): Promise<Stream[]> {
  return (await selectStreams(em, viewer)).map((row) => toStreamDto(row, viewer));
}

/** A stream as the viewer sees it (404 when it does not exist). */
export async function streamOf(em: EntityManager, viewer: Viewer, id: number): Promise<Stream> {
  return toStreamDto(await requireStream(em, viewer, id), viewer);
}

/** A stream's feed, newest first, for a viewer who may see the stream (stream-feed.ts). */
export async function feedOf(em: EntityManager, viewer: Viewer, id: number, limit: number): Promise<StreamFeedItem[]> {
  await requireStream(em, viewer, id);
  return streamFeed(em, viewer, id, limit);
}

/** A post as the stream's feed shows it (404 when it went). */
export async function postOf(em: EntityManager, id: number): Promise<Extract<StreamFeedItem, { kind: 'update' }>> {
  const row = await selectUpdate(em, id);
  if (!row) throw notFound('streamUpdate');
  return toUpdateItem(row);
}

/** Any signed-in user may start a stream; they become a member, and its lead unless another is named. */
export async function createStream(em: EntityManager, viewer: Viewer, input: CreateInput): Promise<number> {
  return em.transactional(async (tx) => {
    await checkUsersExist(tx, 'leadId', input.leadId ? [input.leadId] : []);
    await checkUsersExist(tx, 'memberIds', input.memberIds);
    const id = await insertStream(
      tx,
      { name: input.name, description: input.description, status: input.status, leadId: input.leadId ?? viewer.id, startDate: input.startDate, targetDate: input.targetDate },
      viewer.id,
    );
    await replaceStreamMembers(tx, id, [viewer.id, ...input.memberIds]);
    await recordStreamActivity(tx, id, viewer.id, 'stream.created');
    await publishEvent(tx, streamEvent(id, viewer.id));
    return id;
  });
}

const FIELDS = ['name', 'description', 'status', 'leadId', 'startDate', 'targetDate'] as const satisfies readonly (keyof StreamFields)[];

/** Applies a patch and records one `stream.updated` activity per changed field (old → new). */
export async function updateStream(em: EntityManager, viewer: Viewer, id: number, patch: UpdateInput): Promise<void> {
  await em.transactional(async (tx) => {
    const row = await requireStream(tx, viewer, id, 'stream.edit');
    const before: StreamFields = {
      name: row.name,
      description: row.description,
      status: row.status,
      leadId: row.lead_id,
      startDate: row.start_date,
      targetDate: row.target_date,
    };
    const after = { ...before, ...Object.fromEntries(Object.entries(patch).filter(([k]) => (FIELDS as readonly string[]).includes(k))) } as StreamFields;
    if (after.startDate && after.targetDate && after.startDate > after.targetDate) throw fieldError('targetDate', 'validation.dueBeforeStart');
    if (patch.leadId) await checkUsersExist(tx, 'leadId', [patch.leadId]);

    const changes: StreamChange[] = [];
    const set: Partial<StreamFields> = {};
    for (const key of FIELDS) {
      if (after[key] === before[key]) continue;
      changes.push([key, before[key], after[key]]);
      Object.assign(set, { [key]: after[key] });
    }
    if (patch.memberIds) {
      const old = row.members.map((m) => Number(m.id)).sort((a, b) => a - b);
      const next = [...new Set(patch.memberIds)].sort((a, b) => a - b);
      if (old.join() !== next.join()) {
        await checkUsersExist(tx, 'memberIds', next);
        await replaceStreamMembers(tx, id, next);
        changes.push(['memberIds', old, next]);
      }
    }
    if (!changes.length) return;
    await updateStreamFields(tx, id, set);
    await recordStreamActivity(tx, id, viewer.id, 'stream.updated', changes);
    await publishEvent(tx, streamEvent(id, viewer.id));
  });
}

export async function deleteStream(em: EntityManager, viewer: Viewer, id: number): Promise<void> {
  await em.transactional(async (tx) => {
    await requireStream(tx, viewer, id, 'stream.delete');
    await deleteStreamRow(tx, id);
    await publishEvent(tx, streamEvent(id, viewer.id));
  });
}

export async function postUpdate(em: EntityManager, viewer: Viewer, streamId: number, input: { body: string; health: string }): Promise<number> {
  return em.transactional(async (tx) => {
    await requireStream(tx, viewer, streamId, 'stream.post');
    const id = await insertUpdate(tx, streamId, viewer.id, input);
    await publishEvent(tx, streamEvent(streamId, viewer.id));
    return id;
  });
}

/** Only its author edits or deletes a post. */
async function requireOwnUpdate(em: EntityManager, viewer: Viewer, id: number): Promise<UpdateRow> {
  const row = await selectUpdate(em, id);
  if (!row) throw notFound('streamUpdate');
  if (row.author_id !== viewer.id) throw forbidden();
  return row;
}

export async function editUpdate(em: EntityManager, viewer: Viewer, id: number, patch: { body?: string; health?: string }): Promise<void> {
  await em.transactional(async (tx) => {
    const row = await requireOwnUpdate(tx, viewer, id);
    await updateUpdateRow(tx, id, patch.body ?? row.body, patch.health ?? row.health);
    await publishEvent(tx, streamEvent(row.stream_id, viewer.id));
  });
}

export async function deleteUpdate(em: EntityManager, viewer: Viewer, id: number): Promise<void> {
  await em.transactional(async (tx) => {
    const row = await requireOwnUpdate(tx, viewer, id);
    await deleteUpdateRow(tx, id);
    await publishEvent(tx, streamEvent(row.stream_id, viewer.id));
  });
}
