import { lazy } from 'react';

export { AccountDialogsHost } from './AccountDialogsHost.tsx';

/** The phone confirmation dialog for other features' pages, in its own lazy chunk (render it inside Suspense). */
export const PhoneConfirmDialog = lazy(() => import('./PhoneConfirmDialog.tsx').then((m) => ({ default: m.PhoneConfirmDialog })));
