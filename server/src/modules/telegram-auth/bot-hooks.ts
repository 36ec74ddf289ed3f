// What the bot asks of the server for linking and phone confirmation. The bot package stays free
// of the database: it receives these functions. Each call runs on its own EntityManager fork
// (bot updates are outside any HTTP request) and empties the read cache on a change.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AccountHooks } from '@tracker/bot';
import { confirmLink, confirmPhoneFromContact } from './link.service.ts';

export function createAccountHooks(orm: MikroORM, changed: () => void): AccountHooks {
  const em = () => orm.em.fork();
  return {
    async linkAccount(token, from) {
      const status = await confirmLink(em(), token, {
        id: from.id,
        first_name: from.first_name,
        last_name: from.last_name ?? null,
        username: from.username ?? null,
        language_code: from.language_code ?? null,
        is_premium: from.is_premium ?? false,
        photo_url: null,
      });
      changed();
      return status;
    },
    async confirmPhone(telegramId, phone) {
      const result = await confirmPhoneFromContact(em(), telegramId, phone);
      changed();
      return result;
    },
  };
}
