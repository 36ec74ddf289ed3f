// One HMAC helper for what the server signs and later reads back (issue-list cursors, attachment
// download links): a key per purpose derived from the server's secret, so every instance agrees and
// a signature made for one purpose never passes for another; checks are constant-time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface MacSigner {
  /** The payload's signature, base64url. */
  sign(payload: string): string;
  /** Whether `signature` is this signer's signature of `payload` (any garbage is simply false). */
  verify(payload: string, signature: string): boolean;
}

export function macSigner(secret: string, purpose: string): MacSigner {
  const key = createHmac('sha256', secret).update(purpose).digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16);
  return {
    sign: (payload) => mac(payload).toString('base64url'),
    verify(payload, signature) {
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
