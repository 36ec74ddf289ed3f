// The strength rule for new passwords (issue 11, L2), one place for the server and the web forms:
// zxcvbn-ts with its common and English dictionaries, a Russian list of our own, the most common
// breached passwords, and the user's own e-mail and name. Feedback comes back as zxcvbn's keys
// (texts in the `account` namespace, `passwordStrength.*`, ru and en).
// The dictionaries weigh ~1 MB: the web app imports this module lazily, never in its first load.
import { ZxcvbnFactory, type TranslationKeys } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as en, translations as enTranslations } from '@zxcvbn-ts/language-en';
import { PASSWORD_MIN_SCORE } from './limits.ts';
import { RU_PASSWORD_WORDS } from './passwords-ru.ts';

// The most common passwords of 8+ characters from breach top lists, with their Russian layout variants.
const COMMON = `
12345678 123456789 1234567890 12345678910 123123123 987654321 0987654321 11111111 00000000 88888888
12341234 11223344 12121212 1234qwer qwer1234 password password1 password12 password123 passw0rd
p@ssw0rd iloveyou iloveyou1 qwertyui qwertyuiop qwerty123 qwerty12 qwerty1234 1q2w3e4r 1q2w3e4r5t
1q2w3e4r5t6y 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 q1w2e3r4 q1w2e3r4t5 asdfghjk asdfghjkl zxcvbnm1
123qweasd qweasdzxc qazwsxedc abcd1234 abc12345 a1b2c3d4 aa123456 sunshine princess football
baseball superman starwars trustno1 whatever welcome1 dragon123 monkey123 letmein1 computer
internet michael1 charlie1 jennifer jordan23 mustang1 master12 password! changeme administrator
admin123 admin1234 11111111111 1111111111 99999999 66666666 77777777 55555555 147258369 159753456
йцукенгш йцукенгшщз йцукен123 пароль123 пароль12 qwertyqwerty 1234554321 abcdefgh
`;

/** Words of this product and page that say nothing about the user, counted like user inputs. */
const SITE_WORDS = ['tracker', 'трекер'];
/** zxcvbn's time grows with length; the first 100 characters decide (longer is never weaker). */
const MAX_CHECKED = 100;

type KeysOf<T> = { [K in keyof T]: K };
const keysAsTexts = <T extends object>(texts: T) => Object.fromEntries(Object.keys(texts).map((k) => [k, k])) as KeysOf<T>;
// Feedback texts are our i18n keys: zxcvbn returns the key, the caller translates it.
const translations: TranslationKeys = {
  warnings: keysAsTexts(enTranslations.warnings),
  suggestions: keysAsTexts(enTranslations.suggestions),
  timeEstimation: keysAsTexts(enTranslations.timeEstimation),
};
export type PasswordWarning = keyof typeof enTranslations.warnings;
export type PasswordSuggestion = keyof typeof enTranslations.suggestions;

let factory: ZxcvbnFactory | undefined;
// Built on first use: ranking the dictionaries takes about a second.
const estimator = () =>
  (factory ??= new ZxcvbnFactory({
    dictionary: { ...common, ...en, 'ru-common': [...RU_PASSWORD_WORDS], 'breached-common': COMMON.split(/\s+/).filter(Boolean) },
    graphs: adjacencyGraphs,
    translations,
  }));

export interface PasswordStrength {
  /** zxcvbn's score, 0 (trivial) to 4 (very strong). */
  score: number;
  ok: boolean;
  warning: PasswordWarning | null;
  suggestions: PasswordSuggestion[];
}

/** The user's own data that must not make a password look strong: e-mail, its name part, name words. */
export function passwordUserInputs(user: { email?: string | null; name?: string | null }): string[] {
  const email = user.email?.trim().toLowerCase() ?? '';
  const name = user.name?.trim().toLowerCase() ?? '';
  const parts = [email, email.split('@')[0] ?? '', name, ...name.split(/[\s._-]+/), ...(email.split('@')[0] ?? '').split(/[._+-]+/)];
  return [...new Set(parts.filter((p) => p.length >= 3)), ...SITE_WORDS];
}

export function checkPasswordStrength(password: string, userInputs: readonly string[] = SITE_WORDS): PasswordStrength {
  const result = estimator().check(password.slice(0, MAX_CHECKED), [...userInputs]);
  const warning = (result.feedback.warning as PasswordWarning | null) || null;
  const suggestions = result.feedback.suggestions as PasswordSuggestion[];
  // zxcvbn gives no reason for some middling scores; a refused password always gets one.
  const ok = result.score >= PASSWORD_MIN_SCORE;
  return { score: result.score, ok, warning, suggestions: ok || warning || suggestions.length ? suggestions : ['anotherWord'] };
}
