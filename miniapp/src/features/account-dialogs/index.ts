export { AccountDialogsHost } from './AccountDialogsHost.tsx';
