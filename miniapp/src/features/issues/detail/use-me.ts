// The signed-in user, known at start or fetched once per page load (own comments, `@me` in quick add, deletions).
import type { User } from '@tracker/shared/api/users';
import { useEffect, useState } from 'react';
import { auth } from '../../auth/index.ts';
import { lookupApi } from '../api-detail.ts';
import { rememberUsers } from './people.ts';

let pending: Promise<User | null> | null = null;

export function loadMe(): Promise<User | null> {
  // Known from the page's boot data or the sign-in (issue 14): no call.
  const known = auth.state.user;
  if (known) {
    rememberUsers([known]);
    return Promise.resolve({ ...known });
  }
  pending ??= lookupApi.me().then(
    (u) => {
      rememberUsers([u]);
      return u;
    },
    () => {
      pending = null;
      return null;
    },
  );
  return pending;
}

export function useMe(): User | null {
  const [me, setMe] = useState<User | null>(null);
  useEffect(() => {
    let live = true;
    void loadMe().then((u) => live && setMe(u));
    return () => {
      live = false;
    };
  }, []);
  return me;
}
