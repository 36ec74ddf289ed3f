// Invites to a project (issue 26): the service (the bot's `join_<token>` uses it too) and its routes.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MailService } from '../mail/mail.service.ts';
import { createInviteService } from './invite.service.ts';
import { inviteRoutes } from './invites.routes.ts';

export type { InviteService } from './invite.service.ts';

export function setUpInvites(deps: { publicUrl: string; botUsername: string | null; mail: MailService; em: () => EntityManager }) {
  const service = createInviteService(deps);
  return { service, router: inviteRoutes({ em: deps.em, service }) };
}
