import type { EntityManager } from '@mikro-orm/postgresql';
import { extractMentions } from '@tracker/shared/markdown';
import { userCanViewProjectSql } from '../projects/project-guards.ts';

/**
 * How a `@handle` matches a user, case-insensitively. Users have no usernames yet: the e-mail's
 * local part and the name without spaces stand in. A Telegram username column joins this list
 * (`lower(u.telegram_username)`) when accounts get one.
 */
const HANDLE_EXPRESSIONS = [`lower(split_part(u.email, '@', 1))`, `lower(replace(u.name, ' ', ''))`];

/**
 * The users a Markdown text mentions who may see the project (others are never told about it),
 * without `exceptUserId` (the author).
 */
export async function resolveMentions(em: EntityManager, text: string, projectId: number, exceptUserId: number): Promise<number[]> {
  const handles = extractMentions(text).map((h) => h.toLowerCase());
  if (!handles.length) return [];
  const list = `'{${handles.map((h) => `"${h}"`).join(',')}}'::text[]`;
  const rows = await em.execute<{ id: number }[]>(
    `select u.id from users u join projects p on p.id = ?
      where (${HANDLE_EXPRESSIONS.map((e) => `${e} = any(${list})`).join(' or ')})
        and u.id <> ? and ${userCanViewProjectSql('u', 'p')}
      order by u.id`,
    [projectId, exceptUserId],
  );
  return rows.map((r) => r.id);
}
