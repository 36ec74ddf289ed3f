// The reminder dialogs (lazy chunk): the e-mail one first; the phone one is checked once the
// e-mail one is not showing, so two modals never stack.
import type { User } from '@tracker/shared/api/users';
import { Suspense, useCallback, useState } from 'react';
import { accountApi } from '../../lib/api/account.ts';
import { EmailConfirmDialog } from './EmailConfirmDialog.tsx';
import { PhoneConfirmDialog } from './phone-dialog.ts';
import { useReminder } from './use-reminder.ts';
import './account-dialogs.css';

export default function AccountDialogs({ user }: { user: User | null }) {
  const [emailOpen, setEmailOpen] = useState(false);
  const onEmailOpen = useCallback((open: boolean) => setEmailOpen((was) => (was === open ? was : open)), []);
  return (
    <>
      <EmailConfirmDialog user={user} onOpenChange={onEmailOpen} />
      {!emailOpen && <PhoneReminder user={user} />}
    </>
  );
}

function PhoneReminder({ user }: { user: User | null }) {
  const reminder = useReminder(user, 'phone', accountApi.phoneReminder);
  return reminder.open && user ? (
    <Suspense fallback={null}>
      <PhoneConfirmDialog user={user} onClose={reminder.close} />
    </Suspense>
  ) : null;
}
