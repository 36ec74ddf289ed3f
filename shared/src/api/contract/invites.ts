// Invites to a project and joining by one (see contract/endpoint.ts, shared/src/api/invites.ts).
import { acceptedInviteResponseSchema, createdInviteResponseSchema, createInviteSchema, invitePreviewResponseSchema, invitesResponseSchema } from '../invites.ts';
import { endpoint } from './endpoint.ts';

export const invites = {
  list: endpoint('GET', '/api/projects/:id/invites', { response: invitesResponseSchema }),
  create: endpoint('POST', '/api/projects/:id/invites', { body: createInviteSchema, response: createdInviteResponseSchema, status: 201 }),
  revoke: endpoint('DELETE', '/api/projects/:id/invites/:inviteId'),
  preview: endpoint('GET', '/api/invites/:token', { response: invitePreviewResponseSchema, public: true }),
  accept: endpoint('POST', '/api/invites/:token/accept', { response: acceptedInviteResponseSchema }),
};
