// Telegram accounts' rows that the account settings change.
import type { EntityManager } from '@mikro-orm/postgresql';

/** Whether the user can sign in without Telegram (an e-mail with a password), with the user's row locked. */
export async function lockOtherSignInWay(em: EntityManager, userId: number): Promise<boolean> {
  const [user] = await em.execute<{ other_way: boolean }[]>('select (email is not null and password_hash is not null) as other_way from users where id = ? for update', [userId]);
  return user?.other_way ?? false;
}

export async function deleteTelegramAccount(em: EntityManager, userId: number): Promise<void> {
  await em.execute('delete from telegram_accounts where user_id = ?', [userId]);
}
