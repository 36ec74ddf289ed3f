import { z } from 'zod';

/** Public runtime settings the server hands to the web app (`GET /api/config`). */
export const publicConfigSchema = z.object({
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  debug: z.union([z.literal(0), z.literal(1)]),
  telegramBotUsername: z.string().nullable(),
  telegramUnsafeFallback: z.boolean(),
  externalRedirectHosts: z.array(z.string()),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
