import { describe, expect, it } from 'vitest';
import { decideAccess, loginRedirectPath } from './access.ts';

const user = (roles: string[]) => ({ hydrated: true, user: { roles } });

describe('route access', () => {
  it('public routes are always allowed', () => {
    expect(decideAccess({ access: 'public' }, { hydrated: false, user: null })).toBe('allow');
  });
  it('waits for hydration before deciding', () => {
    expect(decideAccess({ access: 'private' }, { hydrated: false, user: null })).toBe('pending');
    expect(decideAccess({ access: 'admin' }, { hydrated: false, user: null })).toBe('pending');
  });
  it('sends visitors to sign in for private and admin routes', () => {
    expect(decideAccess({ access: 'private' }, { hydrated: true, user: null })).toBe('login');
    expect(decideAccess({ access: 'admin' }, { hydrated: true, user: null })).toBe('login');
  });
  it('forbids admin routes to non-admins', () => {
    expect(decideAccess({ access: 'admin' }, user([]))).toBe('forbidden');
    expect(decideAccess({ access: 'admin' }, user(['admin']))).toBe('allow');
    expect(decideAccess({ access: 'private' }, user([]))).toBe('allow');
  });
  it('builds the login redirect with the original path and query', () => {
    expect(loginRedirectPath('/en/user/login', '/en/issues')).toBe('/en/user/login?redirect=%2Fen%2Fissues');
    expect(loginRedirectPath('/user/login', '/issues?page=2')).toBe('/user/login?redirect=%2Fissues%3Fpage%3D2');
  });
});
