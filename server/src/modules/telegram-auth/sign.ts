// Signers written from Telegram's published algorithms, independently of the verifier in
// verify.ts: Mini App init data (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app)
// and the Login Widget (https://core.telegram.org/widgets/login#checking-authorization).
// Used by the tests and by `npm run telegram:mock-url` (development); the server never signs.
import { createHash, createHmac } from 'node:crypto';

export interface TelegramUserFields {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  is_premium?: boolean;
  photo_url?: string;
}

export interface InitDataOptions {
  token: string;
  authDate?: number;
  startParam?: string;
  queryId?: string;
}

const checkString = (fields: Record<string, string>) =>
  Object.keys(fields)
    .filter((k) => k !== 'hash')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');

export const nowSec = () => Math.floor(Date.now() / 1000);

/** Raw init data (`tgWebAppData`), signed with the bot token. */
export function signInitData(user: TelegramUserFields, options: InitDataOptions): string {
  const fields: Record<string, string> = {
    auth_date: String(options.authDate ?? nowSec()),
    query_id: options.queryId ?? `AAH${Math.random().toString(36).slice(2, 12)}`,
    user: JSON.stringify(user),
    chat_type: 'sender',
    chat_instance: '-123456789',
    signature: 'dGVzdC1zaWduYXR1cmU',
  };
  if (options.startParam) fields.start_param = options.startParam;
  const secret = createHmac('sha256', 'WebAppData').update(options.token).digest();
  fields.hash = createHmac('sha256', secret).update(checkString(fields)).digest('hex');
  return new URLSearchParams(fields).toString();
}

/** The Login Widget's callback object, signed with the bot token. */
export function signWidget(user: TelegramUserFields, options: { token: string; authDate?: number }): Record<string, string | number> {
  const fields: Record<string, string | number> = { id: user.id, first_name: user.first_name, auth_date: options.authDate ?? nowSec() };
  if (user.last_name) fields.last_name = user.last_name;
  if (user.username) fields.username = user.username;
  if (user.photo_url) fields.photo_url = user.photo_url;
  const asText = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  const secret = createHash('sha256').update(options.token).digest();
  return { ...fields, hash: createHmac('sha256', secret).update(checkString(asText)).digest('hex') };
}
