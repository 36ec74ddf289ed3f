import type { z } from 'zod';
import type { importsResponseSchema } from '@tracker/shared/api/imports';

export type ImportsResponse = z.infer<typeof importsResponseSchema>;
