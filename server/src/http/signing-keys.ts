import Keygrip from 'keygrip';

/**
 * Cookie signing keys (keygrip) that remember the signatures they have already verified: every
 * signed-in request presents the same session cookie, and an HMAC per request is measurable under
 * load. Only successful checks are remembered, in a bounded map; signing is unchanged.
 */
export function signingKeys(keys: string[], remember = 10_000) {
  const grip = new Keygrip(keys);
  const verified = new Map<string, number>();
  const index = (data: string, digest: string): number => {
    const memo = `${digest}\n${data}`;
    const known = verified.get(memo);
    if (known !== undefined) return known;
    const found = grip.index(data, digest);
    if (found >= 0) {
      if (verified.size >= remember) verified.delete(verified.keys().next().value!);
      verified.set(memo, found);
    }
    return found;
  };
  return { sign: (data: string) => grip.sign(data), verify: (data: string, digest: string) => index(data, digest) >= 0, index };
}
