// The SLA breach scan (docs/sla.md): a cron tick every minute (graphile-worker runs each tick once
// across replicas) marks the running clocks past a deadline and tells the issue's assignee and the
// project's owners through the usual channels (the inbox, Telegram as each person's settings say).
// A batch is marked and told in one transaction, its rows locked with `skip locked`: a mark is the
// record that the notices went, so each deadline is told once, even with two ticks at once.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { JobQueue } from '../jobs/index.ts';
import type { Concern } from '../notifications/concern.ts';
import { presentUserIds } from '../notifications/concern.repository.ts';
import type { ConcernChannel } from '../notifications/dispatch.ts';
import { publishEvent } from '../events/publish.ts';
import { lockDueClocks, markBreached, projectOwners, type BreachKind, type DueClock } from './scan.repository.ts';

export const SLA_SCAN_JOB = 'sla.scan';
/** A tick missed while no replica ran needs no backfill: the next one finds every clock still past its deadline. */
export const SLA_SCAN_CRON = { identifier: SLA_SCAN_JOB, task: SLA_SCAN_JOB, match: '* * * * *', maxAttempts: 3 };
/** Clocks marked per transaction, and transactions per tick (the rest wait for the next minute, so a tick stays short). */
const BATCH = 100;
const BATCHES_PER_TICK = 10;

const KIND: Record<BreachKind, Concern['kind']> = { respond: 'slaResponse', resolve: 'slaResolution' };

/** Each breach's concern: the assignee and the owners, of those not blocked who may still see the project (asked once per project). */
async function concernsOf(em: EntityManager, kind: BreachKind, due: DueClock[]): Promise<Concern[]> {
  const projects = [...new Set(due.map((d) => d.project_id))];
  const owners = await projectOwners(em, projects);
  const people = (d: DueClock) => [d.assignee_id, ...(owners.get(d.project_id) ?? [])].filter((id): id is number => id != null);
  const present = new Map<number, Set<number>>();
  for (const projectId of projects) {
    const candidates = [...new Set(due.filter((d) => d.project_id === projectId).flatMap(people))];
    present.set(projectId, new Set(candidates.length ? await presentUserIds(em, candidates, projectId) : []));
  }
  return due.map((d) => ({
    kind: KIND[kind],
    activityId: null,
    issueId: d.issue_id,
    projectId: d.project_id,
    actorId: null,
    actorName: null,
    userIds: [...new Set(people(d))].filter((id) => present.get(d.project_id)!.has(id)).sort((a, b) => a - b),
    data: {},
    groups: null,
  }));
}

/** Marks the deadlines missed at `now` and tells people; returns how many were marked. */
export async function scanBreaches(em: EntityManager, channels: readonly ConcernChannel[], now = new Date()): Promise<number> {
  let marked = 0;
  for (const kind of ['respond', 'resolve'] as const) {
    for (let n = 0; n < BATCHES_PER_TICK; n++) {
      const count = await em.transactional(async (tem) => {
        const due = await lockDueClocks(tem, kind, now, BATCH);
        await markBreached(tem, kind, due.map((d) => d.issue_id), now);
        for (const concern of await concernsOf(tem, kind, due)) for (const channel of channels) await channel(tem, concern);
        // Open pages and lists ask again (the sync log carries the mark to the store already).
        for (const d of due) await publishEvent(tem, { type: 'issue.updated', issueId: d.issue_id, projectId: d.project_id, streamIds: [], actorId: null });
        return due.length;
      });
      marked += count;
      if (count < BATCH) break;
    }
  }
  return marked;
}

export function registerSlaScan(deps: { jobs: JobQueue; orm: MikroORM; channels: readonly ConcernChannel[] }) {
  const scan = (now = new Date()) => scanBreaches(deps.orm.em.fork() as EntityManager, deps.channels, now);
  deps.jobs.register({ [SLA_SCAN_JOB]: async () => void (await scan()) }, [SLA_SCAN_CRON]);
  return { scan };
}
