// Spec §4: the reminder check runs on mount and again when the user changes while the value is
// still unconfirmed; it is skipped with no user, no value or a confirmed value; failures are silent.
import type { User } from '@tracker/shared/api/users';
import { useEffect, useState } from 'react';
import { log } from '../../lib/logger.ts';

export function useReminder(user: User | null, field: 'email' | 'phone', check: () => Promise<{ canShow: boolean; reason?: string; nextShow?: string | null }>) {
  const [open, setOpen] = useState(false);
  // A changed e-mail waits in pending_email (unconfirmed by definition) while `email` stays confirmed.
  const pendingEmail = field === 'email' ? (user?.pending_email ?? null) : null;
  const value = pendingEmail ?? user?.[field] ?? null;
  const confirmedAt = pendingEmail ? null : field === 'email' ? user?.email_confirmed_at : user?.phone_confirmed_at;

  useEffect(() => {
    if (!user || !value || confirmedAt) return;
    let live = true;
    check().then(
      (res) => {
        if ('reason' in res) log.debug('phone reminder', { reason: res.reason, nextShow: res.nextShow });
        if (live && res.canShow) setOpen(true);
      },
      () => {},
    );
    return () => {
      live = false;
    };
    // The user object changes on every hydrate: re-check then, as the spec asks.
  }, [user, value, confirmedAt, check]);

  return { open: open && !!user && !!value && !confirmedAt, close: () => setOpen(false) };
}
