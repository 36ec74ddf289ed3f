// Test signers: the Telegram signers of telegram-auth/sign.ts with a fixed test bot token.
import { nowSec, signInitData as sign, signWidget as signW, type TelegramUserFields } from '../modules/telegram-auth/sign.ts';

export { nowSec };

export const TEST_BOT_TOKEN = '123456789:AAE_test-token-for-tracker-tests_0123';

export type TestTelegramUser = TelegramUserFields;

/** Raw init data (`tgWebAppData`), signed with `token`. */
export function signInitData(user: TestTelegramUser, options: { token?: string; authDate?: number; startParam?: string; queryId?: string } = {}): string {
  return sign(user, { ...options, token: options.token ?? TEST_BOT_TOKEN });
}

/** The Login Widget's callback object, signed with `token`. */
export function signWidget(user: TestTelegramUser, options: { token?: string; authDate?: number } = {}): Record<string, string | number> {
  return signW(user, { ...options, token: options.token ?? TEST_BOT_TOKEN });
}

// Spread wide: e2e files run in parallel workers, each counting up from its own start.
let nextId = 700_000_000 + Math.floor(Math.random() * 1_000_000_000);
export const uniqueTelegramId = () => ++nextId;
