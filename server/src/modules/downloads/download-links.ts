// Signed links to file answers (issue 25): inside Telegram the client downloads a file itself, with
// no cookie and no session header, so the address carries a credential: the user, an expiry and an
// HMAC over both and the exact path and query (any other parameter changed is a forgery). The file
// route then reads as that user and still checks their current access, so a link dies with it.
import { DOWNLOAD_SIGNATURE_PARAMS, downloadSignedQuerySchema, type DownloadLinkResponse } from '@tracker/shared/api/downloads';
import { DOWNLOAD_LINK_TTL_SEC } from '@tracker/shared/limits';
import { macSigner } from '../../http/mac.ts';

export type DownloadLinkCheck = { status: 'unsigned' } | { status: 'ok'; userId: number } | { status: 'invalid' } | { status: 'expired' };

/** The address without its signature, its query sorted: what is signed and checked. */
function canonical(path: string, query: URLSearchParams): string {
  const rest = new URLSearchParams([...query].filter(([name]) => !(DOWNLOAD_SIGNATURE_PARAMS as readonly string[]).includes(name)));
  rest.sort();
  return `${path}?${rest}`;
}

export function downloadLinks(secret: string, now: () => number = Date.now) {
  const signer = macSigner(secret, 'file-download-link');
  const payload = (user: number, expires: number, address: string) => `${user}:${expires}:${address}`;
  return {
    /** `address`: a path and query the request schema accepted. */
    issue(address: string, userId: number): DownloadLinkResponse {
      const url = new URL(address, 'http://link.invalid');
      const signedFor = canonical(url.pathname, url.searchParams);
      const expires = Math.floor(now() / 1000) + DOWNLOAD_LINK_TTL_SEC;
      const sig = signer.sign(payload(userId, expires, signedFor));
      const query = new URLSearchParams(url.searchParams);
      query.sort();
      query.append('user', String(userId));
      query.append('expires', String(expires));
      query.append('sig', sig);
      return { url: `${url.pathname}?${query}`, expiresAt: new Date(expires * 1000).toISOString() };
    },
    /** The signature is checked first: a changed expiry is a forgery (invalid), not an expired link. */
    check(path: string, querystring: string): DownloadLinkCheck {
      const query = new URLSearchParams(querystring);
      if (!query.has('sig')) return { status: 'unsigned' };
      // One value each: a repeated name could be read one way here and another by the route.
      const single = DOWNLOAD_SIGNATURE_PARAMS.every((name) => query.getAll(name).length === 1);
      const parsed = downloadSignedQuerySchema.safeParse(Object.fromEntries(DOWNLOAD_SIGNATURE_PARAMS.map((name) => [name, query.get(name)])));
      if (!single || !parsed.success) return { status: 'invalid' };
      const { user, expires, sig } = parsed.data;
      if (!signer.verify(payload(user, expires, canonical(path, query)), sig)) return { status: 'invalid' };
      if (expires * 1000 <= now()) return { status: 'expired' };
      return { status: 'ok', userId: user };
    },
  };
}

export type DownloadLinks = ReturnType<typeof downloadLinks>;
