// What the bot asks of the server for linking, joining by an invite and phone confirmation. The bot
// package stays free of the database: it receives these functions. Each call runs on its own
// EntityManager fork (bot updates are outside any HTTP request).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { User } from 'grammy/types';
import type { AccountHooks } from '@tracker/bot';
import { DomainError } from '@tracker/shared/domain-errors';
import type { InviteService } from '../invites/index.ts';
import { accountOfBotUser } from './account.service.ts';
import { confirmLink, confirmPhoneFromContact } from './link.service.ts';
import type { TelegramProfile } from './verify.ts';

const profileOf = (from: User): TelegramProfile => ({
  id: from.id,
  first_name: from.first_name,
  last_name: from.last_name ?? null,
  username: from.username ?? null,
  language_code: from.language_code ?? null,
  is_premium: from.is_premium ?? false,
  photo_url: null,
});

const JOIN_REFUSALS = { invite_expired: 'expired', invite_revoked: 'revoked', invite_used_up: 'usedUp' } as const;

export function createAccountHooks(orm: MikroORM, invites: InviteService): AccountHooks {
  const em = () => orm.em.fork();
  return {
    linkAccount: (token, from) => confirmLink(em(), token, profileOf(from)),
    async confirmPhone(telegramId, phone) {
      return confirmPhoneFromContact(em(), telegramId, phone);
    },
    async joinByInvite(token, from) {
      const account = await accountOfBotUser(em(), profileOf(from));
      if (!account) return { status: 'blocked' };
      try {
        const { project, joined } = await invites.accept(em(), { id: account.userId, roles: [] }, token, 'telegram');
        return { status: joined ? 'joined' : 'member', project: { key: project.key, name: project.name } };
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        if (err.kind === 'not_found') return { status: 'notFound' };
        const refusal = JOIN_REFUSALS[err.code as keyof typeof JOIN_REFUSALS];
        if (refusal) return { status: refusal };
        throw err;
      }
    },
  };
}
