import type { EntityManager } from '@mikro-orm/postgresql';
import type { RedirectRule } from '@tracker/shared/api/admin';
import type { redirectInputSchema } from '@tracker/shared/api/admin';
import { localizePath, splitLocale } from '@tracker/shared/routes';
import type { z } from 'zod';
import { fieldError, notFound } from '@tracker/shared/domain-errors';
import { iso } from '../../db/sql.ts';
import { hostAllowed, isExternal } from '../navigation/navigation.service.ts';
import { allowedHostsOf } from '../navigation/redirect-hosts.ts';

type Input = z.output<typeof redirectInputSchema>;
interface Row {
  id: number;
  from_path: string;
  to: string;
  permanent: boolean;
  enabled: boolean;
  created_at: string | Date;
}
const toDto = (r: Row): RedirectRule => ({
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
  const rows = await em.execute<{ from_path: string; to: string }[]>('select from_path, "to" from redirects where enabled and id <> ?', [id ?? 0]);
  const rules = new Map(rows.map((r) => [r.from_path, r.to]));
  rules.set(input.fromPath, input.to);
  if (leadsToLoop(rules, input.fromPath, input.to)) throw fieldError('to', 'admin.validation.redirectLoop');
}

const duplicate = (err: unknown) => (err as { code?: string }).code === '23505' || (err as Error).name === 'UniqueConstraintViolationException';

export async function listRedirects(em: EntityManager): Promise<RedirectRule[]> {
  return (await em.execute<Row[]>('select id, from_path, "to", permanent, enabled, created_at from redirects order by from_path')).map(toDto);
}

export async function saveRedirect(em: EntityManager, id: number | null, input: Input, configuredHosts: readonly string[]): Promise<RedirectRule> {
  try {
    return await em.transactional(async (tx) => {
      // One writer at a time, so two concurrent rules cannot form a loop neither saw.
      await tx.execute('lock table redirects in share row exclusive mode');
      await validate(tx, input, id, configuredHosts);
      const params = [input.fromPath, input.to, input.permanent, input.enabled];
      const [row] =
        id == null
          ? await tx.execute<Row[]>('insert into redirects (from_path, "to", permanent, enabled) values (?, ?, ?, ?) returning *', params)
          : await tx.execute<Row[]>('update redirects set from_path = ?, "to" = ?, permanent = ?, enabled = ? where id = ? returning *', [...params, id]);
      if (!row) throw notFound('redirect');
      return toDto(row);
    });
  } catch (err) {
    if (duplicate(err)) throw fieldError('fromPath', 'admin.validation.redirectTaken');
    throw err;
  }
}

export async function deleteRedirect(em: EntityManager, id: number): Promise<void> {
  const rows = await em.execute('delete from redirects where id = ? returning id', [id]);
  if (!rows.length) throw notFound('redirect');
}
