// The client store follows the signed-in user (issue 14): started once the user is known (from the
// page's boot data, a sign-in, or Telegram's init-data sign-in), switched when another signs in,
// wiped when the user leaves. A 401 from the engine signs the app out. `<html data-sync>` shows its
// status (a cheap signal for tests and styles). The engine is its own chunk, loaded on first use:
// in the entry it would pull the shared schemas into the precached shell.
import { useEffect } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { auth, sessionEnded } from '../features/auth/index.ts';
import { log } from '../lib/logger.ts';

const loadSync = () => import('../features/sync/index.ts');
let started = false;
let watching = false;

export function SyncSession() {
  const userId = useSnapshot(auth.state).user?.id ?? null;

  useEffect(() => {
    if (userId === null && !started) return; // a visitor: nothing to load
    started = userId !== null;
    loadSync()
      .then(async ({ startSync, signOutSync, syncState }) => {
        if (!watching) {
          watching = true;
          const state = syncState();
          const show = () => void (document.documentElement.dataset.sync = state.status);
          subscribe(state, show);
          show();
        }
        if (userId === null) await signOutSync();
        else await startSync(userId, { onSignedOut: () => sessionEnded() });
      })
      .catch((err: unknown) => log.warn('sync start failed', err));
  }, [userId]);

  return null;
}
