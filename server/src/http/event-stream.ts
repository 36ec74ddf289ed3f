// A server-sent events response: the stream, its headers, a keep-alive comment, and one cleanup
// however it ends (the client leaves, the stream errs, or the server ends it).
import { PassThrough } from 'node:stream';
import type { Context } from 'koa';

const HEARTBEAT_MS = 25_000;

export interface EventStream {
  /** Writes raw SSE text (`event: …\ndata: …\n\n`); nothing once the stream is gone. */
  send(text: string): void;
  /** Ends the stream (runs the cleanup). */
  end(): void;
  /** Whether it has ended: a subscription made after that must be undone at once. */
  readonly ended: boolean;
}

/** Opens the response as an event stream; `onEnd` runs once when it ends, whoever ends it. */
export function openEventStream(ctx: Context, onEnd: () => void): EventStream {
  const stream = new PassThrough();
  let ended = false;
  const send = (text: string) => {
    if (!stream.destroyed) stream.write(text);
  };
  const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    onEnd();
    stream.end();
  };
  ctx.req.on('close', end);
  stream.on('error', end);

  ctx.req.socket.setTimeout(0);
  ctx.compress = false;
  ctx.set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no', Connection: 'keep-alive' });
  ctx.status = 200;
  ctx.body = stream;
  send('retry: 2000\n: connected\n\n');
  return {
    send,
    end,
    get ended() {
      return ended;
    },
  };
}
