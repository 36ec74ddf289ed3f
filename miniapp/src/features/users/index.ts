// What the app shell uses from users: saving a signed-in user's language choice to the account.
export { saveAccountLocale } from '../../lib/api/account.ts';
