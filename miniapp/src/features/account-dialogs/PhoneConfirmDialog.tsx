// Spec §2/§4/§5/§8: intro → (SMS sent) → six code cells; the sixth digit sends the check; Back
// returns to the intro clearing digits and error; Later closes; errors in red under the buttons.
import { verifyPhoneCodeRequestSchema } from '@tracker/shared/api/account';
import type { User } from '@tracker/shared/api/users';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { toast } from '../../lib/toasts.ts';
import { useServerAction } from '../../lib/use-server-action.ts';
import { useServerForm } from '../../lib/use-server-form.ts';
import { signedIn } from '../../lib/auth.ts';
import { accountApi } from '../../lib/api/account.ts';
import { CodeCells, emptyDigits } from './CodeCells.tsx';

export function PhoneConfirmDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const codeLabel = useId();
  const [step, setStep] = useState<'intro' | 'code'>('intro');
  const [digits, setDigits] = useState(emptyDigits);
  const sending = useServerAction({ fallback: 'account.phoneDialog.sendError' });
  const check = useServerForm(verifyPhoneCodeRequestSchema, { code: '' });
  const pending = sending.pending || check.formState.isSubmitting;
  const error = sending.error ?? check.formError ?? check.errorFor('code') ?? null;

  const send = () =>
    sending.run(async () => {
      await accountApi.sendPhoneCode();
      setDigits(emptyDigits());
      check.reset();
      setStep('code');
    });

  const submitCode = check.submit(
    async ({ code }) => {
      const { user: updated } = await accountApi.verifyPhoneCode(code);
      signedIn(updated);
      toast({ title: t('account.phoneDialog.confirmed'), color: 'success' });
      onClose();
    },
    { errors: { fallback: 'account.phoneDialog.verifyError' } },
  );

  // The sixth digit sends the check; the digits stay for another try when it is refused.
  function verify(code: string) {
    if (pending) return;
    check.setValue('code', code);
    void submitCode();
  }

  function back() {
    setStep('intro');
    setDigits(emptyDigits());
    sending.clearError();
    check.reset();
  }

  return (
    <Dialog title={t('account.phoneDialog.title')} onClose={onClose} className="modal--small account-dialog" testId="phone-confirm-dialog">
      {step === 'intro' ? (
        <>
          <p data-testid="phone-intro">{t('account.phoneDialog.intro', { phone: user.phone })}</p>
          <div className="modal__actions">
            <Button onClick={onClose} data-testid="phone-later">
              {t('account.phoneDialog.later')}
            </Button>
            <Button variant="primary" onClick={send} loading={pending} data-testid="phone-send">
              {t('account.phoneDialog.send')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p id={codeLabel} data-testid="phone-code-step">
            {t('account.phoneDialog.codeText', { phone: user.phone })}
          </p>
          <CodeCells digits={digits} onChange={setDigits} onComplete={verify} disabled={pending} labelledBy={codeLabel} />
          <div className="modal__actions">
            <Button onClick={back} disabled={pending} data-testid="phone-back">
              {t('account.phoneDialog.back')}
            </Button>
            <Button onClick={onClose} data-testid="phone-later">
              {t('account.phoneDialog.later')}
            </Button>
          </div>
        </>
      )}
      {error && (
        <p className="account-dialog__error" role="alert" data-testid="phone-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
