import { describe, expect, it } from 'vitest';
import { macSigner } from './mac.ts';

describe('macSigner', () => {
  it('verifies its own signatures only: same secret and purpose, same payload', () => {
    const a = macSigner('secret', 'one');
    const sig = a.sign('payload');
    expect(sig).toMatch(/^[\w-]{22}$/);
    expect(a.verify('payload', sig)).toBe(true);
    expect(macSigner('secret', 'one').verify('payload', sig)).toBe(true);
    expect(a.verify('payload2', sig)).toBe(false);
    expect(macSigner('secret', 'two').verify('payload', sig)).toBe(false);
    expect(macSigner('other', 'one').verify('payload', sig)).toBe(false);
  });

  it('answers false, never throws, for garbage signatures', () => {
    const a = macSigner('secret', 'one');
    for (const bad of ['', 'x', '!!!!', 'a'.repeat(10_000), a.sign('payload').slice(1)]) expect(a.verify('payload', bad)).toBe(false);
  });
});
