// Attachment download links: where the session travels only in a header (Telegram Web frames the
// mini app as a third party, so no cookie), a plain link carries no session. The client asks for a
// short-lived link signed for the user and the file; the file route takes that instead of a session.
import { z } from 'zod';
import { idParam, text } from './fields.ts';
import { attachmentSchema } from './issues.ts';

/** `POST /api/attachments/:id/link` → a signed download address, valid until `expiresAt`. */
export const attachmentLinkResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type AttachmentLinkResponse = z.infer<typeof attachmentLinkResponseSchema>;

/** The signature part of `GET /api/attachments/:id?user=…&expires=…&sig=…`. */
export const attachmentSignedQuerySchema = z.object({
  user: idParam(),
  /** Unix seconds. */
  expires: text().regex(/^\d{1,12}$/, 'validation.invalid').transform(Number),
  sig: text().regex(/^[\w-]{1,64}$/, 'validation.invalid'),
});
export type AttachmentSignedQuery = z.infer<typeof attachmentSignedQuerySchema>;

/** `GET /api/attachments/:id`: the signature, all three or none (then the session decides). */
export const attachmentDownloadQuerySchema = attachmentSignedQuerySchema.partial();

/** `POST /api/issues/:ref/attachments` (the file as the raw body) → the stored attachment. */
export const attachmentUploadResponseSchema = z.object({ attachment: attachmentSchema });
export type AttachmentUploadResponse = z.infer<typeof attachmentUploadResponseSchema>;
