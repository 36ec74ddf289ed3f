import { z } from 'zod';
import { publicConfigSchema } from './config.ts';
import { redirectResponseSchema } from './navigation.ts';
import { userSchema } from './users.ts';

export { BOOT_DATA_ID } from '../boot.ts';

/**
 * What the server puts into an app page so the first render needs no round trip: the session user
 * (what `GET /api/user/me` answers, null when signed out), the public config (`GET /api/config`) and
 * the redirect decision for `path` (what `GET /api/navigation/redirect?path=` answers).
 */
export const bootDataSchema = z.object({
  path: z.string(),
  user: userSchema.nullable(),
  config: publicConfigSchema,
  redirect: redirectResponseSchema,
});
export type BootData = z.infer<typeof bootDataSchema>;

