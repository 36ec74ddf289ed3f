// The other first step (issue 26): someone who was invited pastes the link (or its Telegram form,
// or the bare token) and lands on the invite's page.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { useHref } from '../../lib/use-locale.ts';
import { inviteTokenIn } from './invite-link.ts';

export function OpenInvite() {
  const { t } = useTranslation();
  const id = useId();
  const href = useHref();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);

  const open = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const token = inviteTokenIn(String(new FormData(e.currentTarget).get('invite') ?? ''));
    if (token) navigate(href('invite', { token }));
    else setError(t('myWork.onboarding.notInvite'));
  };

  return (
    <form onSubmit={open} className="my-work__onboarding-form" data-testid="open-invite">
      <div className="field">
        <label htmlFor={id}>{t('myWork.onboarding.invite')}</label>
        <input id={id} name="invite" autoComplete="off" placeholder={t('myWork.onboarding.invitePlaceholder')} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={() => setError(null)} data-testid="open-invite-input" />
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" data-testid="open-invite-go">
        {t('myWork.onboarding.openInvite')}
      </Button>
    </form>
  );
}
