import { telegram } from '@tracker/shared/api/contract/session';
import type { TelegramWidgetRequest } from '@tracker/shared/api/telegram';
import { api } from '../api-client.ts';

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
  // The widget's fields go as Telegram signed them; the server checks them against its schema.
  widgetSignIn: (data: Record<string, string | number>) => api(telegram.widget, { body: data as unknown as TelegramWidgetRequest }),
  account: () => api(telegram.account),
  createLink: () => api(telegram.createLink),
  linkStatus: (token: string) => api(telegram.linkStatus, { params: { token } }),
  phone: () => api(telegram.phone, { retry: 0 }),
};
