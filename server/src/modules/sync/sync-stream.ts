// `GET /api/sync/stream`: the change feed pushed over server-sent events. Each event's `id` is the
// sync id reached, so a reconnecting EventSource sends it back as `Last-Event-ID` and resumes
// exactly there: no change is lost across a dropped connection, a server restart or another replica.
import { PassThrough } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SYNC_CHANGES_MAX } from '@tracker/shared/api/sync';
import { DomainError } from '@tracker/shared/domain-errors';
import type { Context } from 'koa';
import type { Viewer } from '../projects/project-access.ts';
import type { SyncHub } from './sync-hub.ts';
import { changesSince } from './sync.service.ts';

const HEARTBEAT_MS = 25_000;

export async function streamChanges(ctx: Context, deps: { hub: SyncHub; em: () => EntityManager }, viewer: Viewer, since: number) {
  const stream = new PassThrough();
  const send = (text: string) => {
    if (!stream.destroyed) stream.write(text);
  };
  let position = since;
  let running = false;
  let again = false;
  let ended = false;
  // One read at a time per connection; a tick during a read reads once more after it.
  const pull = async () => {
    if (running) return void (again = true);
    running = true;
    try {
      do {
        again = false;
        for (;;) {
          const page = await changesSince(deps.em(), viewer, position, SYNC_CHANGES_MAX);
          if (page.syncId === position) break;
          position = page.syncId;
          send(`id: ${position}\nevent: changes\ndata: ${JSON.stringify(page.changes)}\n\n`);
          if (!page.more) break;
        }
      } while (again && !ended);
    } catch (err) {
      // Too far behind (or ahead): the client bootstraps again. Anything else ends the stream; the
      // EventSource reconnects and resumes from its last id.
      if (err instanceof DomainError && err.code === 'sync_expired') send('event: expired\ndata: {}\n\n');
      cleanup();
    } finally {
      running = false;
    }
  };
  const unsubscribe = await deps.hub.subscribe(() => void pull());
  const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
  const cleanup = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    stream.end();
  };
  ctx.req.on('close', cleanup);
  stream.on('error', cleanup);

  ctx.req.socket.setTimeout(0);
  ctx.compress = false;
  ctx.set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no', Connection: 'keep-alive' });
  ctx.status = 200;
  ctx.body = stream;
  send('retry: 2000\n: connected\n\n');
  // Whatever committed between the caller's position and the subscription.
  void pull();
}
