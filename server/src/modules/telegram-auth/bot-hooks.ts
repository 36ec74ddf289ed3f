// What the bot asks of the server for linking and phone confirmation. The bot package stays free
// of the database: it receives these functions. Each call runs on its own EntityManager fork
// (bot updates are outside any HTTP request).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AccountHooks } from '@tracker/bot';
import { confirmLink, confirmPhoneFromContact } from './link.service.ts';

export function createAccountHooks(orm: MikroORM): AccountHooks {
  const em = () => orm.em.fork();
  return {
    async linkAccount(token, from) {
      return confirmLink(em(), token, {
        id: from.id,
        first_name: from.first_name,
        last_name: from.last_name ?? null,
        username: from.username ?? null,
        language_code: from.language_code ?? null,
        is_premium: from.is_premium ?? false,
        photo_url: null,
      });
    },
    async confirmPhone(telegramId, phone) {
      return confirmPhoneFromContact(em(), telegramId, phone);
    },
  };
}
