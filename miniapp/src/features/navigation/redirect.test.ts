import { describe, expect, it } from 'vitest';
import { decideRedirect } from './redirect.ts';

const origin = 'https://tracker.example';

describe('server redirect decision', () => {
  it('does nothing for to: null', () => {
    expect(decideRedirect({ to: null }, '/old', origin, [])).toEqual({ kind: 'none' });
  });

  it('navigates inside the app for internal targets', () => {
    expect(decideRedirect({ to: '/issues', external: false }, '/old', origin, [])).toEqual({ kind: 'internal', to: '/issues' });
    expect(decideRedirect({ to: '/old', external: false }, '/old', origin, [])).toEqual({ kind: 'none' });
    expect(decideRedirect({ to: 'https://tracker.example/en/blog', external: true }, '/old', origin, [])).toEqual({ kind: 'internal', to: '/en/blog' });
  });

  it('leaves the app only for allowed hosts', () => {
    expect(decideRedirect({ to: 'https://docs.example/x', external: true }, '/old', origin, ['docs.example'])).toEqual({ kind: 'external', url: 'https://docs.example/x' });
    expect(decideRedirect({ to: 'https://evil.example/x', external: true }, '/old', origin, ['docs.example'])).toEqual({ kind: 'blocked', url: 'https://evil.example/x' });
    expect(decideRedirect({ to: 'javascript:alert(1)', external: true }, '/old', origin, ['docs.example'])).toMatchObject({ kind: 'blocked' });
    expect(decideRedirect({ to: '//evil.example/x', external: false }, '/old', origin, [])).toMatchObject({ kind: 'blocked' });
  });
});
