import { z } from 'zod';
import { email } from './auth.ts';
import { userRefSchema } from './common.ts';
import { PROJECT_ROLES } from './projects.ts';
import { INVITE_DAYS_DEFAULT, INVITE_DAYS_MAX, INVITE_USES_MAX, JOIN_PAYLOAD_PREFIX, INVITE_TOKEN_PATTERN } from './values/invites.ts';

export { INVITE_DAYS_DEFAULT, INVITE_DAYS_MAX, INVITE_USES_MAX, JOIN_PAYLOAD_PREFIX, INVITE_TOKEN_PATTERN };

/**
 * Invites to a project (issue 26): by e-mail (one use), or a copyable link with a role, an expiry and
 * an optional limit of uses, which is also a Telegram deep link (`t.me/<bot>?start=join_<token>`).
 * Project owners and admins make, list and revoke them; whoever holds an open one may join.
 */
export const INVITE_KINDS = ['email', 'link'] as const;
export type InviteKind = (typeof INVITE_KINDS)[number];

const role = z.enum(PROJECT_ROLES, 'validation.invalid').default('member');
const days = z.number('validation.invalid').int('validation.invalid').min(1, 'validation.min').max(INVITE_DAYS_MAX, 'validation.max').default(INVITE_DAYS_DEFAULT);

export const createInviteSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('email'), email, role, expiresInDays: days }),
    z.strictObject({ kind: z.literal('link'), role, expiresInDays: days, maxUses: z.number('validation.invalid').int('validation.invalid').min(1, 'validation.min').max(INVITE_USES_MAX, 'validation.max').nullable().default(null) }),
  ],
  'validation.invalid',
);
export type CreateInviteInput = z.input<typeof createInviteSchema>;

export const inviteSchema = z.object({
  id: z.number().int(),
  kind: z.enum(INVITE_KINDS),
  email: z.string().nullable(),
  role: z.enum(PROJECT_ROLES),
  expiresAt: z.string(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  createdAt: z.string(),
  createdBy: userRefSchema.nullable(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** Open invites only: not revoked, not expired, not used up. */
export const invitesResponseSchema = z.object({ invites: z.array(inviteSchema) });
/** The new invite and its addresses: the web page, and the bot's deep link when Telegram is set up. */
export const createdInviteResponseSchema = z.object({ invite: inviteSchema, url: z.string(), telegramUrl: z.string().nullable() });
export type CreatedInviteResponse = z.infer<typeof createdInviteResponseSchema>;

export const inviteTokenParam = z.string().regex(INVITE_TOKEN_PATTERN, 'validation.invalid');

/** What an invite offers, shown before joining (to anyone holding the token). */
export const invitePreviewResponseSchema = z.object({
  project: z.object({ id: z.number().int(), key: z.string(), name: z.string() }),
  role: z.enum(PROJECT_ROLES),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  /** The caller is a member already (signed in). */
  member: z.boolean(),
});
export type InvitePreview = z.infer<typeof invitePreviewResponseSchema>;
export const acceptedInviteResponseSchema = z.object({ project: z.object({ id: z.number().int(), key: z.string(), name: z.string() }), joined: z.boolean() });
