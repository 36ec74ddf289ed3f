// Mounted once, in App. The dialog's code (and the modal library under it) loads when the first
// confirmation is asked for, not with the page.
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { confirmQueue } from '../platform/confirm.ts';

const ConfirmDialog = lazy(() => import('./ConfirmDialog.tsx'));

export function ConfirmHost() {
  const asking = useSnapshot(confirmQueue).asks.length > 0;
  return asking ? (
    <Suspense fallback={null}>
      <ConfirmDialog />
    </Suspense>
  ) : null;
}
