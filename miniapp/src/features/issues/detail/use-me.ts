// The signed-in user, fetched once per page load (own comments, `@me` in quick add, deletions).
import type { User } from '@tracker/shared/api/users';
import { useEffect, useState } from 'react';
import { lookupApi } from '../api-detail.ts';
import { rememberUsers } from './people.ts';

let pending: Promise<User | null> | null = null;

export function loadMe(): Promise<User | null> {
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
