import type { User } from '@tracker/shared/api/users';
import { AVATAR_MAX_BYTES } from '@tracker/shared/limits';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { toast } from '../../../lib/toasts.ts';
import { signedIn } from '../../auth/index.ts';
import { accountApi } from '../api.ts';
import { Avatar } from './Avatar.tsx';
import { errorText } from '../../../lib/error-text.ts';

/** Upload (checked and resized by the server) or remove the avatar. */
export function AvatarField({ user }: { user: User }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function run(action: () => Promise<{ user: User }>) {
    setPending(true);
    setError(null);
    try {
      const { user: updated } = await action();
      signedIn(updated);
      toast({ title: t('account.profile.avatarSaved'), color: 'success' });
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setPending(false);
    }
  }

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) {
      setError(t('account.errors.imageTooLarge'));
      return;
    }
    void run(() => accountApi.uploadAvatar(file));
  }

  return (
    <div className="profile-card">
      <Avatar name={user.name} url={user.avatar_url} large />
      <div>
        <label htmlFor={inputId} className="field__label">
          {t('account.profile.avatar')}
        </label>
        <input id={inputId} type="file" accept="image/png,image/jpeg,image/webp,image/gif" onChange={onFile} disabled={pending} data-testid="avatar-input" />
        <p className="field__hint">{t('account.profile.avatarHint')}</p>
        {user.avatar_url && (
          <Button type="button" size="s" mode="plain" onClick={() => void run(accountApi.removeAvatar)} disabled={pending}>
            {t('account.profile.removeAvatar')}
          </Button>
        )}
        {error && (
          <p className="field__error" role="alert" data-testid="avatar-error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
