import { z } from 'zod';
import { dateTime, text } from './fields.ts';
import { API_TOKEN_SCOPES, API_TOKEN_NAME_MAX } from './values/api-tokens.ts';

export { API_TOKEN_SCOPES, API_TOKEN_NAME_MAX };

export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every token starts with it, so secret scanners and people recognise one. */
export const API_TOKEN_PREFIX = 'trk_';
/** `trk_` + 32 random bytes in base64url. */
export const API_TOKEN_PATTERN = /^trk_[A-Za-z0-9_-]{43}$/;
/** Live (unrevoked) tokens one person may hold. */
export const API_TOKENS_PER_USER = 50;

export const createApiTokenSchema = z.object({
  name: text().trim().min(1, 'validation.required').max(API_TOKEN_NAME_MAX, 'validation.nameTooLong'),
  scope: z.enum(API_TOKEN_SCOPES, 'validation.invalid'),
  expiresAt: dateTime()
    .refine((s) => Date.parse(s) > Date.now(), 'validation.expiryInPast')
    .nullable()
    .optional(),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenSchema>;

/** A token as its owner sees it later: never the secret. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokensResponseSchema = z.object({ tokens: z.array(apiTokenSchema) });
/** The secret is in this answer only. */
export const createApiTokenResponseSchema = z.object({ id: z.number().int(), token: z.string(), apiToken: apiTokenSchema });
export type CreateApiTokenResponse = z.infer<typeof createApiTokenResponseSchema>;
