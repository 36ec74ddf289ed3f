import { z } from 'zod';
import { text } from './fields.ts';

/** `set:name` pairs, comma-separated (`lucide:house,lucide:user`). */
export const iconNameSchema = text().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*:[a-z0-9]+(?:-[a-z0-9]+)*$/);
export const iconsQuerySchema = z.object({
  icons: text()
    .min(1, 'validation.required')
    .max(5000, 'validation.tooLong')
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))])
    .pipe(z.array(iconNameSchema).min(1).max(100)),
});

/** The Iconify JSON of one set, holding only the requested icons (`not_found` lists the rest). */
export const iconSetSchema = z.object({
  prefix: z.string(),
  icons: z.record(z.string(), z.object({ body: z.string(), width: z.number().optional(), height: z.number().optional() }).passthrough()),
  aliases: z.record(z.string(), z.object({ parent: z.string() }).passthrough()).optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  not_found: z.array(z.string()).optional(),
}).passthrough();
export type IconSet = z.infer<typeof iconSetSchema>;
/** One Iconify JSON per requested set that is installed. */
export const iconsResponseSchema = z.array(iconSetSchema);
