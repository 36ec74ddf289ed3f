import { z } from 'zod';
import { text } from './fields.ts';

export const redirectQuerySchema = z.object({
  path: text().min(1).max(2000).startsWith('/'),
});

/** `{ to: null }` when nothing applies; `external` means a full-page redirect to an allowed host. */
export const redirectResponseSchema = z.union([
  z.object({ to: z.null() }),
  z.object({ to: z.string(), external: z.boolean(), permanent: z.boolean().optional() }),
]);
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;
