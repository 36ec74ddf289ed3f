import type { EntityManager } from '@mikro-orm/postgresql';
import type { createStreamSchema, updateStreamSchema } from '@tracker/shared/api/streams';
import type { z } from 'zod';
import { fieldError, forbidden, notFound } from '@tracker/shared/domain-errors';
import { publishEvent } from '../events/publish.ts';
import type { Viewer } from '../projects/project-access.ts';
import { intArray } from '../../db/sql.ts';
import { streamCapabilities, type StreamCapability } from './stream.mapper.ts';
import { selectStream, type StreamRow } from './stream.queries.ts';

type CreateInput = z.output<typeof createStreamSchema>;
type UpdateInput = z.output<typeof updateStreamSchema>;

async function checkUsersExist(em: EntityManager, path: string, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const [row] = await em.execute<{ n: number }[]>(`select count(*)::int as n from users where id = any(?::int[])`, [intArray(unique)]);
  if (row?.n !== unique.length) throw fieldError(path, 'validation.invalid');
}

async function setMembers(em: EntityManager, streamId: number, ids: number[]) {
  await em.execute(`delete from stream_members where stream_id = ?`, [streamId]);
  if (ids.length) await em.execute(`insert into stream_members (stream_id, user_id) select ?, unnest(?::int[]) on conflict do nothing`, [streamId, intArray(ids)]);
}

type Change = [field: string | null, oldValue: unknown, newValue: unknown];
const json = (v: unknown) => (v == null ? null : JSON.stringify(v));

async function recordStreamActivity(em: EntityManager, streamId: number, actorId: number, action: string, changes: Change[] = [[null, null, null]]) {
  const values = changes.map(() => '(?, ?, ?, ?, ?::jsonb, ?::jsonb)').join(', ');
  const params = changes.flatMap(([field, oldValue, newValue]) => [streamId, actorId, action, field, json(oldValue), json(newValue)]);
  await em.execute(`insert into activities (stream_id, actor_id, action, field, old_value, new_value) values ${values}`, params);
}

const streamEvent = (streamId: number, actorId: number) => ({ type: 'stream.updated' as const, issueId: null, projectId: null, streamIds: [streamId], actorId });

/** The stream as this viewer sees it, after checking a capability on it (404 when it does not exist). */
export async function requireStream(em: EntityManager, viewer: Viewer, id: number, capability?: StreamCapability): Promise<StreamRow> {
  const row = await selectStream(em, viewer, id);
  if (!row) throw notFound('stream');
  if (capability && !streamCapabilities(row, viewer).includes(capability)) throw forbidden();
  return row;
}

/** Any signed-in user may start a stream; they become a member, and its lead unless another is named. */
export async function createStream(em: EntityManager, viewer: Viewer, input: CreateInput): Promise<number> {
  return em.transactional(async (tx) => {
    await checkUsersExist(tx, 'leadId', input.leadId ? [input.leadId] : []);
    await checkUsersExist(tx, 'memberIds', input.memberIds);
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into streams (name, description, status, lead_id, start_date, target_date, created_by) values (?, ?, ?, ?, ?, ?, ?) returning id`,
      [input.name, input.description, input.status, input.leadId ?? viewer.id, input.startDate, input.targetDate, viewer.id],
    );
    const id = row!.id;
    await setMembers(tx, id, [viewer.id, ...input.memberIds]);
    await recordStreamActivity(tx, id, viewer.id, 'stream.created');
    await publishEvent(tx, streamEvent(id, viewer.id));
    return id;
  });
}

const COLUMNS = { name: 'name', description: 'description', status: 'status', leadId: 'lead_id', startDate: 'start_date', targetDate: 'target_date' } as const;

/** Applies a patch and records one `stream.updated` activity per changed field (old → new). */
export async function updateStream(em: EntityManager, viewer: Viewer, id: number, patch: UpdateInput): Promise<void> {
  await em.transactional(async (tx) => {
    const row = await requireStream(tx, viewer, id, 'stream.edit');
    const before = {
      name: row.name,
      description: row.description,
      status: row.status,
      leadId: row.lead_id,
      startDate: row.start_date,
      targetDate: row.target_date,
    };
    const after = { ...before, ...Object.fromEntries(Object.entries(patch).filter(([k]) => k in COLUMNS)) } as typeof before;
    if (after.startDate && after.targetDate && after.startDate > after.targetDate) throw fieldError('targetDate', 'validation.dueBeforeStart');
    if (patch.leadId) await checkUsersExist(tx, 'leadId', [patch.leadId]);

    const changes: Change[] = [];
    const sets: string[] = [];
    const params: unknown[] = [];
    for (const key of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) {
      if (after[key] === before[key]) continue;
      changes.push([key, before[key], after[key]]);
      sets.push(`${COLUMNS[key]} = ?`);
      params.push(after[key]);
    }
    if (patch.memberIds) {
      const old = row.members.map((m) => Number(m.id)).sort((a, b) => a - b);
      const next = [...new Set(patch.memberIds)].sort((a, b) => a - b);
      if (old.join() !== next.join()) {
        await checkUsersExist(tx, 'memberIds', next);
        await setMembers(tx, id, next);
        changes.push(['memberIds', old, next]);
      }
    }
    if (!changes.length) return;
    await tx.execute(`update streams set ${[...sets, 'updated_at = now()'].join(', ')} where id = ?`, [...params, id]);
    await recordStreamActivity(tx, id, viewer.id, 'stream.updated', changes);
    await publishEvent(tx, streamEvent(id, viewer.id));
  });
}

export async function deleteStream(em: EntityManager, viewer: Viewer, id: number): Promise<void> {
  await em.transactional(async (tx) => {
    await requireStream(tx, viewer, id, 'stream.delete');
    await tx.execute(`delete from streams where id = ?`, [id]);
    await publishEvent(tx, streamEvent(id, viewer.id));
  });
}

export interface UpdateRow {
  id: number;
  stream_id: number;
  author_id: number | null;
  author_name: string | null;
  body: string;
  health: string;
  created_at: string;
}

export async function selectUpdate(em: EntityManager, id: number): Promise<UpdateRow | null> {
  const [row] = await em.execute<UpdateRow[]>(
    `select su.id, su.stream_id, su.author_id, u.name as author_name, su.body, su.health, su.created_at
       from stream_updates su left join users u on u.id = su.author_id where su.id = ?`,
    [id],
  );
  return row ?? null;
}

export async function postUpdate(em: EntityManager, viewer: Viewer, streamId: number, input: { body: string; health: string }): Promise<number> {
  return em.transactional(async (tx) => {
    await requireStream(tx, viewer, streamId, 'stream.post');
    const [row] = await tx.execute<{ id: number }[]>(`insert into stream_updates (stream_id, author_id, body, health) values (?, ?, ?, ?) returning id`, [
      streamId,
      viewer.id,
      input.body,
      input.health,
    ]);
    await publishEvent(tx, streamEvent(streamId, viewer.id));
    return row!.id;
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
    await tx.execute(`update stream_updates set body = ?, health = ?, updated_at = now() where id = ?`, [patch.body ?? row.body, patch.health ?? row.health, id]);
    await publishEvent(tx, streamEvent(row.stream_id, viewer.id));
  });
}

export async function deleteUpdate(em: EntityManager, viewer: Viewer, id: number): Promise<void> {
  await em.transactional(async (tx) => {
    const row = await requireOwnUpdate(tx, viewer, id);
    await tx.execute(`delete from stream_updates where id = ?`, [id]);
    await publishEvent(tx, streamEvent(row.stream_id, viewer.id));
  });
}
