// /user/change_password/{id} — your own password (current one required) or, for an admin, anyone's.
import '../../../styles/account.css';
import { changePasswordRequestSchema } from '@tracker/shared/api/account';
import { can } from '@tracker/shared/permissions';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteParams } from '../../../lib/use-route-params.ts';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { checkNewPassword, weakPasswordReasons } from '../../../lib/password-rule.ts';
import { TextField } from '../../../components/TextField.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useMe } from '../../../lib/auth.ts';
import { useQuery } from '../../../lib/query.ts';
import { useServerForm } from '../../../lib/use-server-form.ts';
import { accountApi } from '../../../lib/api/account.ts';

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const { id = '' } = useRouteParams();
  const user = useMe();
  const targetId = Number(id);
  const own = user?.id === targetId;
  const asked = !own && Number.isInteger(targetId) && targetId > 0;
  const targetName = useQuery(asked ? ['users', 'public', targetId] : null, () => accountApi.publicUser(targetId)).data?.user.name ?? null;
  const form = useServerForm(changePasswordRequestSchema, { currentPassword: '', password: '' });
  const pending = form.formState.isSubmitting;
  const [done, setDone] = useState(false);
  const [serverReasons, setServerReasons] = useState<string[]>();
  const owner = useMemo(() => (own ? { email: user?.email, name: user?.name } : { name: targetName }), [own, user?.email, user?.name, targetName]);

  if (user && !own && !can(user.roles, 'admin.users')) throw Object.assign(new Error('Forbidden'), { statusCode: 403 });

  const onSubmit = form.submit(
    async ({ currentPassword, password }) => {
      setDone(false);
      setServerReasons(undefined);
      const strength = await checkNewPassword(password, owner);
      if (strength && !strength.ok) return form.setError('password', { type: 'weak', message: 'account.passwordStrength.weak' });
      // Only one's own password needs the current one; an admin's change of another's sends none.
      await accountApi.changePassword(targetId, { currentPassword: own ? currentPassword : undefined, password });
      form.reset();
      setDone(true);
      toast({ title: t('account.changePassword.done'), color: 'success' });
    },
    (err) => setServerReasons(weakPasswordReasons(err)),
  );

  return (
    <Page name="changePassword" className="auth">
      {!own && targetName && <p className="muted">{t('account.changePassword.forUser', { name: targetName })}</p>}
      {done && (
        <p role="status" className="notice notice--success" data-testid="password-changed">
          {t('account.changePassword.done')}
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="form" aria-busy={pending}>
        <FormAlert message={form.formError} />
        {own && (
          <TextField {...form.register('currentPassword')} type="password" label={t('account.changePassword.current')} autoComplete="current-password" error={form.errorFor('currentPassword')} />
        )}
        <PasswordField
          {...form.register('password')}
          label={t('account.changePassword.password')}
          hint={t('auth.passwordHint')}
          error={form.errorFor('password')}
          user={owner}
          serverReasons={serverReasons}
        />
        <Button variant="primary" type="submit" size="large" stretched loading={pending}>
          {t('account.changePassword.submit')}
        </Button>
      </form>
    </Page>
  );
}
