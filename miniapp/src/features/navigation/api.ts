import { navigation } from '@tracker/shared/api/contract/session';
import { api } from '../../lib/api-client.ts';

export const navigationApi = {
  redirect: (path: string, signal?: AbortSignal) => api(navigation.redirect, { query: { path }, signal, timeout: 5000 }),
};
