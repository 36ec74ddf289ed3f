import { z } from 'zod';
import { dateOnly, idParam, text } from './fields.ts';

/** A path or query id: positive integer given as a string or number. */
export const idSchema = idParam();
export const colorSchema = text().regex(/^#[0-9a-fA-F]{6}$/, 'validation.color');
/** Calendar date `YYYY-MM-DD`. */
export const dateSchema = dateOnly();

/** Another user as other records show them. */
export const userRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;

export const usersQuerySchema = z.object({ q: text().trim().max(100).default(''), limit: z.coerce.number().int().min(1).max(50).default(20) });
export const usersResponseSchema = z.object({ users: z.array(userRefSchema) });
