import type { EntityManager } from '@mikro-orm/postgresql';

/** The external hosts redirects may lead to: EXTERNAL_REDIRECT_HOSTS plus those admins added. */
export async function allowedHostsOf(em: EntityManager, configured: readonly string[]): Promise<string[]> {
  const rows = await em.execute<{ host: string }[]>('select host from redirect_hosts');
  return [...new Set([...configured, ...rows.map((r) => r.host)])];
}

export async function listHosts(em: EntityManager) {
  return em.execute<{ host: string; created_at: string | Date }[]>('select host, created_at from redirect_hosts order by host');
}

export async function addHost(em: EntityManager, host: string) {
  await em.execute('insert into redirect_hosts (host) values (?) on conflict do nothing', [host]);
}

/** Removing a host leaves rules pointing at it in place; the redirect endpoint then refuses them. */
export async function removeHost(em: EntityManager, host: string): Promise<boolean> {
  const res = await em.execute<{ host: string }[]>('delete from redirect_hosts where host = ? returning host', [host]);
  return res.length > 0;
}
