export { AccountDialogsHost } from './AccountDialogsHost.tsx';
export { PhoneConfirmDialog } from './phone-dialog.ts';
