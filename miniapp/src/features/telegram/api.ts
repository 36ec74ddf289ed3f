import type { MeResponse } from '@tracker/shared/api/users';
import type { LinkStatusResponse, LinkTokenResponse, PhoneStatusResponse, TelegramAccount } from '@tracker/shared/api/telegram';
import { http } from '../../lib/http.ts';

/** The Login Widget's fields (the only ones Telegram signs), taken from its redirect's query. */
const WIDGET_FIELDS = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'] as const;

export function widgetDataFromSearch(search: string): Record<string, string | number> | null {
  const params = new URLSearchParams(search);
  if (!params.get('hash') || !params.get('id') || !params.get('auth_date')) return null;
  const data: Record<string, string | number> = {};
  for (const key of WIDGET_FIELDS) {
    const value = params.get(key);
    if (value !== null) data[key] = key === 'id' || key === 'auth_date' ? Number(value) : value;
  }
  return data;
}

export const telegramApi = {
  widgetSignIn: (data: Record<string, string | number>) => http.post<MeResponse>('/api/auth/telegram/widget', data),
  account: () => http.get<{ account: TelegramAccount | null }>('/api/telegram/account'),
  createLink: () => http.post<LinkTokenResponse>('/api/telegram/link'),
  linkStatus: (token: string) => http.get<LinkStatusResponse>(`/api/telegram/link/${encodeURIComponent(token)}`),
  phone: () => http.get<PhoneStatusResponse>('/api/telegram/phone', { retry: 0 }),
};
