// Mounted in the app shell: for a signed-in user, loads the reminder dialogs (code and texts) in
// their own chunk, so the first load stays small.
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { loadNamespaces } from '../../lib/i18n.ts';
import { auth } from '../../lib/auth.ts';

const AccountDialogs = lazy(() => Promise.all([import('./AccountDialogs.tsx'), loadNamespaces(['account'])]).then(([m]) => m));

export function AccountDialogsHost() {
  const { user } = useSnapshot(auth.state);
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <AccountDialogs user={user as typeof auth.state.user} />
    </Suspense>
  );
}
