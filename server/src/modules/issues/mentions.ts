import type { EntityManager } from '@mikro-orm/postgresql';
import { extractMentions, mentionsName } from '@tracker/shared/markdown';
import { userCanViewProjectSql } from '../projects/project-guards.ts';

/**
 * How a `@handle` matches a user, case-insensitively: the e-mail's local part, the name without
 * spaces, and the linked Telegram username (so `@handle` written as in Telegram reaches that user).
 */
const handleExpressions = (u: string) => [`lower(split_part(${u}.email, '@', 1))`, `lower(replace(${u}.name, ' ', ''))`, `lower(${u}.telegram_username)`];
const HANDLE_EXPRESSIONS = handleExpressions('u');

/** The handles that name the user `u` (SQL for an array), as mentions match them. */
export const handlesOfSql = (u: string) => `array[${handleExpressions(u).join(', ')}]`;

/** `mentionName` for renderMarkdown: the people a text mentioned, each by any of their handles. */
export function mentionNames(people: readonly { name: string; handles: (string | null)[] }[]): (handle: string) => string | undefined {
  const byHandle = new Map<string, string>();
  for (const p of people) for (const h of p.handles) if (h) byHandle.set(h, p.name);
  return (handle) => byHandle.get(handle.toLowerCase());
}

/**
 * The users a Markdown text mentions who may see the project (others are never told about it),
 * without `exceptUserId` (the author): by a `@handle`, or by `@Full Name` as the composer inserts it
 * (the name's words found in the text by SQL, its boundaries checked by `mentionsName`).
 */
export async function resolveMentions(em: EntityManager, text: string, projectId: number, exceptUserId: number): Promise<number[]> {
  if (!text.includes('@')) return [];
  const handles = extractMentions(text).map((h) => h.toLowerCase());
  // One bound array literal (elements quoted and escaped), never text spliced into the SQL.
  const list = `{${handles.map((h) => `"${h.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  const rows = await em.execute<{ id: number; name: string; by_handle: boolean }[]>(
    `with h as (select ?::text[] as handles, lower(?::text) as body)
     select u.id, u.name, (${HANDLE_EXPRESSIONS.map((e) => `${e} = any(h.handles)`).join(' or ')}) as by_handle
       from users u join projects p on p.id = ? cross join h
      where (${HANDLE_EXPRESSIONS.map((e) => `${e} = any(h.handles)`).join(' or ')} or strpos(h.body, '@' || lower(u.name)) > 0)
        and u.id <> ? and ${userCanViewProjectSql('u', 'p')}
      order by u.id`,
    [list, text, projectId, exceptUserId],
  );
  return rows.filter((r) => r.by_handle || mentionsName(text, r.name)).map((r) => r.id);
}

/** The user a quick-add `@handle` names (matched as mentions are), if they may see the project. */
export async function resolveHandle(em: EntityManager, handle: string, projectId: number): Promise<number | null> {
  const [row] = await em.execute<{ id: number }[]>(
    `select u.id from users u join projects p on p.id = ?
      where (${HANDLE_EXPRESSIONS.map((e) => `${e} = ?`).join(' or ')}) and ${userCanViewProjectSql('u', 'p')}
      order by u.id limit 1`,
    [projectId, ...HANDLE_EXPRESSIONS.map(() => handle.toLowerCase())],
  );
  return row?.id ?? null;
}
