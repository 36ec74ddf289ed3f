import type { EntityManager } from '@mikro-orm/postgresql';
import type { RedirectRule } from '@tracker/shared/api/admin';
import type { redirectInputSchema } from '@tracker/shared/api/admin';
import { localizePath, splitLocale } from '@tracker/shared/routes';
import type { z } from 'zod';
import { fieldError, notFound } from '@tracker/shared/domain-errors';
import { iso } from '../../db/sql.ts';
import { hostAllowed, isExternal } from '../navigation/navigation.service.ts';
import { allowedHostsOf } from '../navigation/redirect-hosts.ts';
import { allRedirects, deleteRedirectRow, enabledRulesExcept, insertRedirect, lockRedirects, updateRedirect, type RedirectRow } from './redirects.repository.ts';

type Input = z.output<typeof redirectInputSchema>;
const toDto = (r: RedirectRow): RedirectRule => ({
  id: r.id,
  fromPath: r.from_path,
  to: r.to,
  permanent: r.permanent,
  enabled: r.enabled,
  external: isExternal(r.to),
  createdAt: iso(r.created_at),
});
/**
 * Follows enabled rules from `start` the way the navigation endpoint resolves them (exact path, or
 * a Russian rule applied to its /en twin) and reports whether the chain comes back to a path it saw.
 */
export function leadsToLoop(rules: ReadonlyMap<string, string>, from: string, to: string): boolean {
  const seen = new Set([from]);
  let path = to;
  for (let step = 0; step < 100; step += 1) {
    if (isExternal(path)) return false;
    const bare = path.split(/[?#]/)[0]!;
    if (seen.has(bare)) return true;
    seen.add(bare);
    const { locale, barePath } = splitLocale(bare);
    const exact = rules.get(bare);
    const next = exact ?? (barePath !== bare && rules.has(barePath) ? localizePath(rules.get(barePath)!, locale) : undefined);
    if (next === undefined) return false;
    path = next;
  }
  return true;
}

async function validate(em: EntityManager, input: Input, id: number | null, configuredHosts: readonly string[]) {
  if (isExternal(input.to)) {
    if (!hostAllowed(input.to, await allowedHostsOf(em, configuredHosts))) {
      throw fieldError('to', 'admin.validation.hostNotAllowed');
    }
    return;
  }
  if (!input.enabled) return;
  const rows = await enabledRulesExcept(em, id ?? 0);
  const rules = new Map(rows.map((r) => [r.from_path, r.to]));
  rules.set(input.fromPath, input.to);
  if (leadsToLoop(rules, input.fromPath, input.to)) throw fieldError('to', 'admin.validation.redirectLoop');
}

const duplicate = (err: unknown) => (err as { code?: string }).code === '23505' || (err as Error).name === 'UniqueConstraintViolationException';

export async function listRedirects(em: EntityManager): Promise<RedirectRule[]> {
  return (await allRedirects(em)).map(toDto);
}

export async function saveRedirect(em: EntityManager, id: number | null, input: Input, configuredHosts: readonly string[]): Promise<RedirectRule> {
  try {
    return await em.transactional(async (tx) => {
      // One writer at a time, so two concurrent rules cannot form a loop neither saw.
      await lockRedirects(tx);
      await validate(tx, input, id, configuredHosts);
      const row = id == null ? await insertRedirect(tx, input) : await updateRedirect(tx, id, input);
      if (!row) throw notFound('redirect');
      return toDto(row);
    });
  } catch (err) {
    if (duplicate(err)) throw fieldError('fromPath', 'admin.validation.redirectTaken');
    throw err;
  }
}

export async function deleteRedirect(em: EntityManager, id: number): Promise<void> {
  if (!(await deleteRedirectRow(em, id))) throw notFound('redirect');
}
