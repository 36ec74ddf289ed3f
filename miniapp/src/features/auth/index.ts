// What other features may use from auth: who is signed in, and the step that records a sign-in.
export { auth } from '../../lib/auth.ts';
export { sessionEnded, signedIn } from './api.ts';
export { SignOutButton } from './components/UserMenu.tsx';
