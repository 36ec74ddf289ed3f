// What other features may use from users: the account calls (confirmations, recovery) and their
// error text.
export { accountApi, saveAccountLocale } from '../../lib/api/account.ts';
