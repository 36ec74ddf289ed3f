// Where webhooks may be sent (docs/webhooks.md, "Addresses"): public unicast addresses only, unless the
// URL's host is listed in WEBHOOK_ALLOWED_HOSTS. The same rule runs when a webhook is saved and again
// at every delivery, on the addresses DNS gives at that moment: the connection goes to the very
// address that was checked (`guardedLookup`), so a name that later resolves to a private address
// (DNS rebinding) is refused at delivery.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface UrlRules {
  /** https only (production). */
  httpsOnly: boolean;
  /** Host names or IP literals, lower case, as written in URLs. */
  allowedHosts: readonly string[];
}

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

/** Public unicast only: no private, loopback, link-local, unique-local, multicast, CGNAT, reserved or 0.0.0.0. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  // IPv4 written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
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

/** Every address `host` resolves to, each one checked; a listed host is not checked. */
export async function checkedAddresses(host: string, rules: UrlRules, resolve: Resolver = systemResolver): Promise<LookupAddress[]> {
  const allowed = rules.allowedHosts.includes(host.toLowerCase());
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
  await checkedAddresses(hostOf(url), rules, resolve);
  return url;
}

/**
 * A `lookup` for the socket (undici's `connect.lookup`): resolves, checks every address, and hands
 * the socket only checked ones, so the address connected to is the address judged.
 */
export function guardedLookup(rules: UrlRules, resolve?: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, rules, resolve).then(
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
