import { postInputSchema } from '@tracker/shared/api/blog';
import { z } from 'zod';
import { toInput, type EditorState } from './model.ts';

/**
 * The editor's values checked as the post they become (the shared request schema), so the page's
 * check and the server's refusal land on the same fields (`versions.en.title`, `slug`, `tags`).
 */
export const editorSchema = z
  .custom<EditorState>()
  .transform((s) => toInput(s))
  .pipe(postInputSchema);
