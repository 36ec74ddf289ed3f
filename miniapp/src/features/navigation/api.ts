import type { RedirectResponse } from '@tracker/shared/api/navigation';
import { http } from '../../lib/http.ts';

export const navigationApi = {
  redirect: (path: string, signal?: AbortSignal) => http.get<RedirectResponse>('/api/navigation/redirect', { query: { path }, signal, timeout: 5000 }),
};
