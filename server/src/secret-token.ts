// One-time and bearer tokens are stored only as their SHA-256: a leaked table names no usable token.
import { createHash } from 'node:crypto';

export const hashSecretToken = (token: string): string => createHash('sha256').update(token).digest('hex');

