// What the app shell uses from auth: the sign-out button. Who is signed in, and the steps that record
// a sign-in or an ended session, are lib/auth.ts: every feature reads them.
export { SignOutButton } from './components/UserMenu.tsx';
