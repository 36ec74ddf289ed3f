// Spec §2/§4/§8: asks to confirm the e-mail; resend hides it on success, shows the server's
// statusMessage (or 'Ошибка отправки письма') in red under the button on failure; Later closes.
import type { User } from '@tracker/shared/api/users';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { toast } from '../../lib/toasts.ts';
import { useServerAction } from '../../lib/use-server-action.ts';
import { accountApi } from '../../lib/api/account.ts';
import { useReminder } from './use-reminder.ts';

export function EmailConfirmDialog({ user, onOpenChange }: { user: User | null; onOpenChange?: (open: boolean) => void }) {
  const { t } = useTranslation();
  const reminder = useReminder(user, 'email', accountApi.emailReminder);
  const action = useServerAction({ fallback: 'account.emailDialog.error' });
  const { pending, error } = action;
  useEffect(() => onOpenChange?.(reminder.open), [onOpenChange, reminder.open]);
  if (!reminder.open || !user) return null;

  const resend = () =>
    action.run(async () => {
      await accountApi.resendConfirmEmail();
      toast({ title: t('account.emailDialog.sent'), color: 'success' });
      reminder.close();
    });

  return (
    <Dialog title={t('account.emailDialog.title')} onClose={reminder.close} className="modal--small account-dialog" testId="email-confirm-dialog" describedBy="email-confirm-text">
      <p id="email-confirm-text">{t('account.emailDialog.text', { email: user.pending_email ?? user.email })}</p>
      <div className="modal__actions">
        <Button onClick={reminder.close} data-testid="email-later">
          {t('account.emailDialog.later')}
        </Button>
        <Button variant="primary" onClick={resend} loading={pending} data-testid="email-resend">
          {t('account.emailDialog.resend')}
        </Button>
      </div>
      {error && (
        <p className="account-dialog__error" role="alert" data-testid="email-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
