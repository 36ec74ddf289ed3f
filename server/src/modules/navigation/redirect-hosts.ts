import type { EntityManager } from '@mikro-orm/postgresql';
import { deleteHost, hostNames, hostRows, insertHost } from './redirect-hosts.repository.ts';

/** The external hosts redirects may lead to: EXTERNAL_REDIRECT_HOSTS plus those admins added. */
export async function allowedHostsOf(em: EntityManager, configured: readonly string[]): Promise<string[]> {
  const hosts = await hostNames(em);
  return [...new Set([...configured, ...hosts])];
}

export async function listHosts(em: EntityManager) {
  return hostRows(em);
}

export async function addHost(em: EntityManager, host: string) {
  await insertHost(em, host);
}

/** Removing a host leaves rules pointing at it in place; the redirect endpoint then refuses them. */
export async function removeHost(em: EntityManager, host: string): Promise<boolean> {
  return deleteHost(em, host);
}
