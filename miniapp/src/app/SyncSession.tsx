// The client store follows the signed-in user (issue 14): started once the user is known (from the
// page's boot data, a sign-in, or Telegram's init-data sign-in), switched when another signs in,
// wiped on sign-out. A 401 from the engine signs the app out. `<html data-sync>` shows its status
// (a cheap signal for tests and styles).
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { auth, sessionEnded } from '../features/auth/index.ts';
import { signOutSync, startSync, syncState } from '../features/sync/index.ts';
import { log } from '../lib/logger.ts';

export function SyncSession() {
  const userId = useSnapshot(auth.state).user?.id ?? null;
  const { status } = useSnapshot(syncState());

  useEffect(() => {
    if (userId === null) void signOutSync();
    else startSync(userId, { onSignedOut: () => sessionEnded() }).catch((err: unknown) => log.warn('sync start failed', err));
  }, [userId]);

  useEffect(() => {
    document.documentElement.dataset.sync = status;
  }, [status]);

  return null;
}
