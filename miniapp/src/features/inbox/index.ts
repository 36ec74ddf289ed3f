// What other parts of the app may use from the inbox: the unread count (live, also on the PWA's
// icon badge) for the sidebar, the page is app/routes/InboxPage.tsx's, loaded on demand so the count alone stays small.
export { useInboxUnread } from './unread.ts';
