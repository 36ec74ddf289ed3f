import type { Context } from 'koa';
import { bearerCaller } from './bearer.ts';
import { loadedSessionId } from './session.ts';

/**
 * What a request was let in with: a session (by id) or a personal access token (by id). A live
 * stream keeps it, to check that it still holds before each event it sends.
 */
export type Credential = { userId: number; sessionId: string; tokenId?: never } | { userId: number; tokenId: number; sessionId?: never };

/** The signed-in request's credential; null when it has none (not signed in). */
export function requestCredential(ctx: Context): Credential | null {
  const bearer = bearerCaller(ctx);
  if (bearer) return { userId: bearer.userId, tokenId: bearer.tokenId };
  const sessionId = loadedSessionId(ctx);
  const userId = ctx.session?.userId;
  return sessionId && typeof userId === 'number' ? { userId, sessionId } : null;
}

/** A live stream's hold on its credential (implemented in modules/auth/stream-access.ts, handed in by app.ts). */
export interface StreamAccess {
  /** Whether the credential still holds; when it does not, the stream has been ended. */
  check(): Promise<boolean>;
  /** `check`, and whether the user may see project `projectId` (any when null), in one statement. */
  allows(projectId: number | null): Promise<boolean>;
  /** Stops watching (the stream ended). */
  stop(): void;
}

/** `guard(credential, end)`: ends the stream (`end`) as soon as the credential stops holding. */
export type StreamGuard = (credential: Credential, end: () => void) => Promise<StreamAccess>;
