// Where webhooks may be sent (docs/webhooks.md, "Addresses"): public unicast addresses only, unless the
// URL's host and port are listed in WEBHOOK_ALLOWED_HOSTS. The same rule runs when a webhook is saved and again
// at every delivery, on the addresses DNS gives at that moment: the connection goes to the very
// address that was checked (`guardedLookup`), so a name that later resolves to a private address
// (DNS rebinding) is refused at delivery.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** One WEBHOOK_ALLOWED_HOSTS entry: a host as URLs write it, and its port (`*`: any; null: the scheme's default). */
export interface AllowedHost {
  host: string;
  port: number | '*' | null;
}

export interface UrlRules {
  /** https only (production). */
  httpsOnly: boolean;
  /** Hosts (names or IP literals) that may be reached although private or local, on these ports only. */
  allowed: readonly AllowedHost[];
}

/** An IP literal in the one spelling URLs use (`127.1` → `127.0.0.1`, `::FFFF:127.0.0.1` → `::ffff:7f00:1`); names as they are. */
const canonicalHost = (host: string) => (ipaddr.isValid(host) ? ipaddr.parse(host).toString() : host.toLowerCase());

/**
 * WEBHOOK_ALLOWED_HOSTS entries: `host:port` allows that port, `host:*` every port (for development:
 * a receiver on a random port), a bare `host` only the scheme's default port (80, 443). IPv6 in
 * brackets with a port (`[fd00::5]:8443`), with or without brackets without one. Throws on a bad entry.
 */
export function parseAllowedHosts(entries: readonly string[]): AllowedHost[] {
  return entries.map((raw) => {
    const entry = raw.trim().toLowerCase();
    const bracketed = /^\[([^\]]+)\](?::([^:]*))?$/.exec(entry);
    const [host, port] = bracketed ? [bracketed[1]!, bracketed[2]] : entry.split(':').length > 2 ? [entry, undefined] : (entry.split(':') as [string, string | undefined]);
    const validPort = port === undefined || port === '*' || (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535);
    if (!host || /[/@\s]/.test(host) || !validPort) throw new Error(`WEBHOOK_ALLOWED_HOSTS: "${raw}" is not host, host:port or host:*`);
    return { host: canonicalHost(host), port: port === undefined ? null : port === '*' ? '*' : Number(port) };
  });
}

export const urlRules = (httpsOnly: boolean, allowedHosts: readonly string[]): UrlRules => ({ httpsOnly, allowed: parseAllowedHosts(allowedHosts) });

const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** The URL's host and port are listed: its addresses are not checked, and its answers are not kept (send.ts). */
export function allowedUrl(url: URL, rules: UrlRules): boolean {
  const host = canonicalHost(hostOf(url));
  const port = portOf(url);
  return rules.allowed.some((a) => a.host === host && (a.port === '*' || a.port === port || (a.port === null && port === (url.protocol === 'https:' ? 443 : 80))));
}

/** The host is listed for some port (the socket's lookup knows no port: the port was checked before the request). */
export const listedHost = (host: string, rules: UrlRules) => rules.allowed.some((a) => a.host === canonicalHost(host));

/** Why a URL or an address is refused: a `validation.*` key (also the delivery's error text, in English). */
export type Refusal = 'webhookUrl' | 'webhookHttps' | 'webhookCredentials' | 'webhookPrivateAddress' | 'webhookUnresolvable';

export const REFUSAL_TEXT: Record<Refusal, string> = {
  webhookUrl: 'not an http(s) URL',
  webhookHttps: 'only https URLs are allowed',
  webhookCredentials: 'URLs with credentials are not allowed',
  webhookPrivateAddress: 'the host resolves to a private, local or reserved address',
  webhookUnresolvable: 'the host name cannot be resolved',
};

export class RefusedAddress extends Error {
  readonly refusal: Refusal;
  constructor(refusal: Refusal, detail = '') {
    super(`${REFUSAL_TEXT[refusal]}${detail ? ` (${detail})` : ''}`);
    this.refusal = refusal;
  }
}

/** The URL's host as the allow-list spells it: lower case, IPv6 without brackets. */
export const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

/** IPv6's global unicast space: everything outside it (::/96, 64:ff9b::/96, fc00::/7, fe80::/10, ff00::/8…) is refused. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * Public unicast only: no private, loopback, link-local, unique-local, multicast, CGNAT, reserved or
 * 0.0.0.0. An IPv6 address must be global unicast (2000::/3) outside ipaddr.js's special ranges
 * (6to4, Teredo, documentation…), so no IPv6 form can carry a private IPv4 address: IPv4-compatible
 * `::7f00:1` and `::`, NAT64 `64:ff9b::/96` lie outside 2000::/3, and 6to4 `2002::/16` and Teredo are
 * special. IPv4-mapped `::ffff:a.b.c.d` is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  // ipaddr.js reads `::8.8.8.8` (IPv4-compatible) as `::ffff:8.8.8.8` (mapped): IPv6 text is first
  // spelled as the URL parser, and so the connection, spells it (`::808:808`).
  const text = address.includes(':') && URL.canParse(`http://[${address}]/`) ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address;
  if (!ipaddr.isValid(text)) return false;
  const ip = ipaddr.parse(text);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
    if (!v6.match(GLOBAL_UNICAST)) return false;
  }
  return ip.range() === 'unicast';
}

/** The checks that need no DNS: scheme, credentials; returns the parsed URL. */
export function checkUrlShape(raw: string, rules: UrlRules): URL {
  if (!URL.canParse(raw)) throw new RefusedAddress('webhookUrl');
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RefusedAddress('webhookUrl');
  if (rules.httpsOnly && url.protocol !== 'https:') throw new RefusedAddress('webhookHttps');
  if (url.username || url.password) throw new RefusedAddress('webhookCredentials');
  return url;
}

export type Resolver = (host: string) => Promise<LookupAddress[]>;

/** A resolver that answers within 5 s: a save waiting on a dead name server fails as unresolvable. */
const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`lookup of ${host} timed out`)), 5000);
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(addresses);
    });
  });

/** Every address `host` resolves to, each one checked unless the host is `allowed` (listed for the port at hand). */
export async function checkedAddresses(host: string, allowed: boolean, resolve: Resolver = systemResolver): Promise<LookupAddress[]> {
  if (ipaddr.isValid(host)) {
    if (!allowed && !isPublicAddress(host)) throw new RefusedAddress('webhookPrivateAddress', host);
    return [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new RefusedAddress('webhookUnresolvable', host);
  }
  if (!addresses.length) throw new RefusedAddress('webhookUnresolvable', host);
  if (!allowed) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) throw new RefusedAddress('webhookPrivateAddress', `${host} → ${bad.address}`);
  }
  return addresses;
}

/** A URL a webhook may be saved with: shape, then its host's addresses now. */
export async function checkWebhookUrl(raw: string, rules: UrlRules, resolve?: Resolver): Promise<URL> {
  const url = checkUrlShape(raw, rules);
  await checkedAddresses(hostOf(url), allowedUrl(url, rules), resolve);
  return url;
}

/**
 * A `lookup` for the socket (undici's `connect.lookup`): resolves, checks every address, and hands
 * the socket only checked ones, so the address connected to is the address judged.
 */
export function guardedLookup(rules: UrlRules, resolve?: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, listedHost(hostname, rules), resolve).then(
      (all) => {
        const family = typeof options === 'object' && options ? options.family : undefined;
        const fitting = family === 4 || family === 6 ? all.filter((a) => a.family === family) : all;
        if (!fitting.length) return callback(Object.assign(new Error(`no IPv${String(family)} address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        if (typeof options === 'object' && options?.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, fitting);
        callback(null, fitting[0]!.address, fitting[0]!.family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
}
