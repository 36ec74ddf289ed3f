// The rules of invites (issue 26): project owners and admins make, list and revoke them; a token is
// shown once and kept hashed; joining claims one use under the invite's row lock, so a link limited to
// N uses lets in N people however many press at once; a member already in the project uses none.
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { JOIN_PAYLOAD_PREFIX, type createInviteSchema, type InvitePreview } from '@tracker/shared/api/invites';
import { conflict, notFound } from '@tracker/shared/domain-errors';
import { localizePath } from '@tracker/shared/routes';
import { isLocale } from '@tracker/shared/locales';
import { recordActivities } from '../activity/activity.ts';
import { publishEvent } from '../events/publish.ts';
import type { MailService } from '../mail/mail.service.ts';
import { assertWritable } from '../projects/project-guards.ts';
import { requireProject, type Viewer } from '../projects/project-access.ts';
import { addMembership, countUse, insertInvite, inviteByToken, membershipOf, openInvites, projectRef, revokeInvite, toInvite, type InviteRow } from './invite.repository.ts';
import { hashSecretToken } from '../../secret-token.ts';

type CreateInput = z.output<typeof createInviteSchema>;
export type JoinedVia = 'email' | 'link' | 'telegram';


/** Why an invite no longer admits anyone, or null while it does. */
function closed(row: InviteRow): 'invite_revoked' | 'invite_expired' | 'invite_used_up' | null {
  if (row.revoked_at) return 'invite_revoked';
  if (new Date(row.expires_at).getTime() <= Date.now()) return 'invite_expired';
  if (row.max_uses !== null && row.uses >= row.max_uses) return 'invite_used_up';
  return null;
}

export function createInviteService(deps: { publicUrl: string; botUsername: string | null; mail: MailService }) {
  const pageUrl = (token: string, locale: string) => `${deps.publicUrl}${localizePath(`/invite/${token}`, isLocale(locale) ? locale : 'ru')}`;
  const telegramUrl = (token: string) => (deps.botUsername ? `https://t.me/${deps.botUsername}?start=${JOIN_PAYLOAD_PREFIX}${token}` : null);

  async function managed(em: EntityManager, viewer: Viewer, projectId: number) {
    return requireProject(em, viewer, projectId, 'project.members');
  }

  return {
    async list(em: EntityManager, viewer: Viewer, projectId: number) {
      await managed(em, viewer, projectId);
      return (await openInvites(em, projectId)).map(toInvite);
    },

    async create(em: EntityManager, viewer: Viewer & { name: string; locale: string }, projectId: number, input: CreateInput) {
      const { project } = await managed(em, viewer, projectId);
      assertWritable(project);
      // 24 random bytes: 32 base64url characters, inside Telegram's 64-character start payload.
      const token = randomBytes(24).toString('base64url');
      return em.transactional(async (tem) => {
        const email = input.kind === 'email' ? input.email : null;
        const row = await insertInvite(tem, { projectId, tokenHash: hashSecretToken(token), kind: input.kind, email, role: input.role, maxUses: input.kind === 'email' ? 1 : input.maxUses, days: input.expiresInDays, createdBy: viewer.id });
        if (email) {
          // The invitee's language is not known yet: the inviter's.
          await deps.mail.queueTemplate(tem, 'projectInvite', { email, name: email, locale: viewer.locale }, `/invite/${token}`, { inviter: viewer.name, project: project.name, count: input.expiresInDays });
        }
        return { invite: toInvite(row), url: pageUrl(token, viewer.locale), telegramUrl: telegramUrl(token) };
      });
    },

    async revoke(em: EntityManager, viewer: Viewer, projectId: number, inviteId: number) {
      await managed(em, viewer, projectId);
      if (!(await revokeInvite(em, projectId, inviteId))) throw notFound('invite');
    },

    /** What the invite offers, for anyone holding its token; a closed one says why. */
    async preview(em: EntityManager, viewer: Viewer | null, token: string): Promise<InvitePreview> {
      const row = await inviteByToken(em, hashSecretToken(token));
      if (!row) throw notFound('invite');
      const why = closed(row);
      if (why) throw conflict(why);
      const project = (await projectRef(em, row.project_id))!;
      const member = viewer ? (await membershipOf(em, row.project_id, viewer.id)) !== null : false;
      return { project, role: row.role, invitedBy: row.creator_name, expiresAt: new Date(row.expires_at).toISOString(), member };
    },

    /** Joins the invite's project; `joined: false` when the person was a member already (no use is taken). */
    async accept(em: EntityManager, viewer: Viewer, token: string, via: JoinedVia) {
      return em.transactional(async (tem) => {
        const row = await inviteByToken(tem, hashSecretToken(token), true);
        if (!row) throw notFound('invite');
        const project = (await projectRef(tem, row.project_id))!;
        if ((await membershipOf(tem, row.project_id, viewer.id)) !== null) return { project, joined: false };
        const why = closed(row);
        if (why) throw conflict(why);
        await addMembership(tem, row.project_id, viewer.id, row.role);
        await countUse(tem, row.id);
        const how = via === 'telegram' ? 'telegram' : row.kind;
        await recordActivities(tem, [{ projectId: row.project_id, actorId: viewer.id, action: 'member.joined', newValue: { inviteId: row.id, role: row.role, via: how } }]);
        await publishEvent(tem, { type: 'project.updated', issueId: null, projectId: row.project_id, streamIds: [], actorId: viewer.id });
        return { project, joined: true };
      });
    },
  };
}

export type InviteService = ReturnType<typeof createInviteService>;
