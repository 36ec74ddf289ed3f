// The last signed-in user, kept in localStorage so that a start without a network (an offline
// reload of the installed app) opens as that user and renders from the local store instead of
// the sign-in page (issue 14). Forgotten on sign-out and when the server no longer knows the
// session. Only a network failure falls back to it: any answer of the server decides.
import type { User } from '@tracker/shared/api/users';

const KEY = 'tracker:last-user';

export function rememberUser(user: User) {
  try {
    localStorage.setItem(KEY, JSON.stringify(user));
  } catch {
    // Storage full or refused (private mode): an offline start then shows the sign-in page.
  }
}

export function forgetUser() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** The remembered user when what is stored still has a user's shape; anything else is dropped. */
export function rememberedUser(): User | null {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (raw && typeof raw === 'object' && Number.isSafeInteger((raw as User).id) && typeof (raw as User).name === 'string' && Array.isArray((raw as User).roles)) return raw as User;
  } catch {
    // Unreadable: forgotten below.
  }
  forgetUser();
  return null;
}
