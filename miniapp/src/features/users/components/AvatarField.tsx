import type { User } from '@tracker/shared/api/users';
import { AVATAR_MAX_BYTES } from '@tracker/shared/limits';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FilePicker } from '../../../components/FilePicker.tsx';
import { toast } from '../../../lib/toasts.ts';
import { signedIn } from '../../../lib/auth.ts';
import { accountApi } from '../../../lib/api/account.ts';
import { Avatar } from './Avatar.tsx';
import { errorText } from '../../../lib/error-text.ts';

/** Upload (checked and resized by the server) or remove the avatar. */
export function AvatarField({ user }: { user: User }) {
  const { t } = useTranslation();
  const pickerId = useId();
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

  function onFile(file: File) {
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
        <label id={`${pickerId}-label`} htmlFor={pickerId} className="field__label">
          {t('account.profile.avatar')}
        </label>
        <FilePicker
          id={pickerId}
          labelledBy={`${pickerId}-label`}
          accept="image/png,image/jpeg,image/webp,image/gif"
          size="small"
          loading={pending}
          testId="avatar-input"
          onFiles={([file]) => file && onFile(file)}
        >
          {t('account.profile.uploadAvatar')}
        </FilePicker>
        <p className="field__hint">{t('account.profile.avatarHint')}</p>
        {user.avatar_url && (
          <Button size="small" variant="link" onClick={() => void run(accountApi.removeAvatar)} disabled={pending}>
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
