// Spec §2/§4/§5/§8: intro → (SMS sent) → six code cells; the sixth digit sends the check; Back
// returns to the intro clearing digits and error; Later closes; errors in red under the buttons.
import type { User } from '@tracker/shared/api/users';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { toast } from '../../lib/toasts.ts';
import { signedIn } from '../auth/index.ts';
import { accountApi, messageOf } from '../users/index.ts';
import { CodeCells, emptyDigits } from './CodeCells.tsx';

export function PhoneConfirmDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const codeLabel = useId();
  const [step, setStep] = useState<'intro' | 'code'>('intro');
  const [digits, setDigits] = useState(emptyDigits);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function send() {
    setPending(true);
    setError(null);
    try {
      await accountApi.sendPhoneCode();
      setDigits(emptyDigits());
      setError(null);
      setStep('code');
    } catch (err) {
      setError(messageOf(err, t('account.phoneDialog.sendError')));
    } finally {
      setPending(false);
    }
  }

  async function verify(code: string) {
    if (code.length !== 6 || pending) return;
    setPending(true);
    setError(null);
    try {
      const { user: updated } = await accountApi.verifyPhoneCode(code);
      signedIn(updated);
      toast({ title: t('account.phoneDialog.confirmed'), color: 'success' });
      onClose();
    } catch (err) {
      setError(messageOf(err, t('account.phoneDialog.verifyError')));
      setPending(false);
    }
  }

  function back() {
    setStep('intro');
    setDigits(emptyDigits());
    setError(null);
  }

  return (
    <Dialog title={t('account.phoneDialog.title')} onClose={onClose} className="modal--small account-dialog" testId="phone-confirm-dialog">
      {step === 'intro' ? (
        <>
          <p data-testid="phone-intro">{t('account.phoneDialog.intro', { phone: user.phone })}</p>
          <div className="modal__actions">
            <Button mode="gray" onClick={onClose} data-testid="phone-later">
              {t('account.phoneDialog.later')}
            </Button>
            <Button onClick={send} loading={pending} disabled={pending} data-testid="phone-send">
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
            <Button mode="gray" onClick={back} disabled={pending} data-testid="phone-back">
              {t('account.phoneDialog.back')}
            </Button>
            <Button mode="gray" onClick={onClose} data-testid="phone-later">
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
