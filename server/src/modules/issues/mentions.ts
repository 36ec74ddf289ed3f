import type { EntityManager } from '@mikro-orm/postgresql';
import { extractMentions, mentionsName } from '@tracker/shared/markdown';
import { mentionCandidates, userByHandle } from './mentions.repository.ts';

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
  const rows = await mentionCandidates(em, text, handles, projectId, exceptUserId);
  return rows.filter((r) => r.by_handle || mentionsName(text, r.name)).map((r) => r.id);
}

/** The user a quick-add `@handle` names (matched as mentions are), if they may see the project. */
export async function resolveHandle(em: EntityManager, handle: string, projectId: number): Promise<number | null> {
  return (await userByHandle(em, handle.toLowerCase(), projectId)) ?? null;
}
