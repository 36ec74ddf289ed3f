// The client store follows the signed-in user (issue 14): started once the user is known (from the
// page's boot data, a sign-in, or Telegram's init-data sign-in), switched when another signs in,
// wiped when the user leaves. A 401 from the engine signs the app out. `<html data-sync>` shows its
// status (a cheap signal for tests and styles). Its stream also carries the live events, which
// `lib/live.ts` would otherwise fetch on a stream of its own. The engine is its own chunk, loaded on first use:
// in the entry it would pull the shared schemas into the precached shell.
import { useEffect } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { auth, sessionEnded } from '../features/auth/index.ts';
import { attachLiveFeed } from '../lib/live.ts';
import { log } from '../lib/logger.ts';

const loadSync = () => import('../features/sync/index.ts');
let started = false;
let watching = false;
let feed: ReturnType<typeof attachLiveFeed> | null = null;

export function SyncSession() {
  const userId = useSnapshot(auth.state).user?.id ?? null;

  useEffect(() => {
    if (userId === null && !started) return; // a visitor: nothing to load
    started = userId !== null;
    if (userId !== null) feed ??= attachLiveFeed();
    loadSync()
      .then(async ({ startSync, signOutSync, syncState }) => {
        if (!watching) {
          watching = true;
          const state = syncState();
          const show = () => {
            document.documentElement.dataset.sync = state.status;
            feed?.setOpen(state.status === 'live');
          };
          subscribe(state, show);
          show();
        }
        if (userId === null) {
          feed?.detach();
          feed = null;
          await signOutSync();
        } else {
          await startSync(userId, { onSignedOut: () => sessionEnded(), onLive: (event) => feed?.emit(event) });
        }
      })
      .catch((err: unknown) => log.warn('sync start failed', err));
  }, [userId]);

  return null;
}
