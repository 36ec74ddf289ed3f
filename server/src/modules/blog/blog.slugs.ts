import type { EntityManager } from '@mikro-orm/postgresql';
import { currentSlugOf } from './published-posts.repository.ts';

/** The current slug of the post that `slug` names, now or before a rename; null if none. */
export const currentSlugFor = (em: EntityManager, slug: string): Promise<string | null> => currentSlugOf(em, slug);
