import { lazy } from 'react';

/**
 * The phone confirmation dialog in its own lazy chunk (it brings the form helper and zod): loaded
 * when a reminder or a page opens it, never on a start where nothing asks. Render it inside Suspense.
 */
export const PhoneConfirmDialog = lazy(() => import('./PhoneConfirmDialog.tsx').then((m) => ({ default: m.PhoneConfirmDialog })));
