// Signed download links (issue 12, item 9): in Telegram Web's frame the session travels only in the
// X-Session-Token header, which a plain link or a download cannot carry. A link is signed for one
// attachment and one user and expires in ATTACHMENT_LINK_TTL_SEC; the file route still checks that
// user's current access, so a link stops working as soon as its user loses the project.
import { attachmentSignedQuerySchema, type AttachmentLinkResponse, type AttachmentSignedQuery } from '@tracker/shared/api/attachments';
import { ATTACHMENT_LINK_TTL_SEC } from '@tracker/shared/limits';
import { macSigner } from '../../http/mac.ts';

export type LinkCheck = { status: 'ok'; userId: number } | { status: 'invalid' } | { status: 'expired' };

export function attachmentLinks(secret: string, now: () => number = Date.now) {
  const signer = macSigner(secret, 'attachment-download-link');
  const payload = (attachmentId: number, q: Pick<AttachmentSignedQuery, 'user' | 'expires'>) => `${attachmentId}:${q.user}:${q.expires}`;
  return {
    issue(attachmentId: number, userId: number): AttachmentLinkResponse {
      const expires = Math.floor(now() / 1000) + ATTACHMENT_LINK_TTL_SEC;
      const sig = signer.sign(payload(attachmentId, { user: userId, expires }));
      const query = new URLSearchParams({ user: String(userId), expires: String(expires), sig });
      return { url: `/api/attachments/${attachmentId}?${query}`, expiresAt: new Date(expires * 1000).toISOString() };
    },
    /** The signature is checked first: a changed expiry is a forgery (invalid), not an expired link. */
    check(attachmentId: number, query: unknown): LinkCheck {
      const parsed = attachmentSignedQuerySchema.safeParse(query);
      if (!parsed.success || !signer.verify(payload(attachmentId, parsed.data), parsed.data.sig)) return { status: 'invalid' };
      if (parsed.data.expires * 1000 <= now()) return { status: 'expired' };
      return { status: 'ok', userId: parsed.data.user };
    },
  };
}

export type AttachmentLinks = ReturnType<typeof attachmentLinks>;
