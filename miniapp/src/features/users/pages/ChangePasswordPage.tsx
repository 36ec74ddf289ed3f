// /user/change_password/{id} — your own password (current one required) or, for an admin, anyone's.
import '../users.css';
import { changePasswordRequestSchema } from '@tracker/shared/api/account';
import { can } from '@tracker/shared/permissions';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteParams } from '../../../lib/use-route-params.ts';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { checkNewPassword, weakPasswordReasons } from '../../../lib/password-rule.ts';
import { TextField } from '../../../components/TextField.tsx';
import { toast } from '../../../lib/toasts.ts';
import { auth } from '../../auth/index.ts';
import { fieldErrorsFrom, type FieldErrors } from '../../../lib/form-errors.ts';
import { accountApi, messageOf } from '../api.ts';

export default function ChangePasswordPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useRouteParams();
  const { user } = useSnapshot(auth.state);
  const targetId = Number(id);
  const own = user?.id === targetId;
  const [targetName, setTargetName] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [serverReasons, setServerReasons] = useState<string[]>();
  const owner = useMemo(() => (own ? { email: user?.email, name: user?.name } : { name: targetName }), [own, user?.email, user?.name, targetName]);

  useEffect(() => {
    if (own || !Number.isInteger(targetId) || targetId <= 0) return;
    accountApi.publicUser(targetId).then((r) => setTargetName(r.user.name), () => {});
  }, [own, targetId]);

  if (user && !own && !can(user.roles, 'admin.users')) throw Object.assign(new Error('Forbidden'), { statusCode: 403 });
  const message = (key: string) => (i18n.exists(key) ? t(key) : key);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const parsed = changePasswordRequestSchema.safeParse({ currentPassword: own ? String(data.get('currentPassword') ?? '') : undefined, password: data.get('password') });
    setError(null);
    setDone(false);
    if (!parsed.success) {
      setFields(fieldErrorsFrom(parsed.error.issues));
      return;
    }
    setFields({});
    setServerReasons(undefined);
    setPending(true);
    const strength = await checkNewPassword(parsed.data.password, owner);
    if (strength && !strength.ok) {
      setFields({ password: 'account.passwordStrength.weak' });
      setPending(false);
      return;
    }
    try {
      await accountApi.changePassword(targetId, parsed.data);
      form.reset();
      setDone(true);
      toast({ title: t('account.changePassword.done'), color: 'success' });
    } catch (err) {
      const field = (err as { data?: { field?: string } }).data?.field;
      setServerReasons(weakPasswordReasons(err));
      if (field === 'currentPassword' || field === 'password') setFields({ [field]: messageOf(err, t('auth.unexpected')) });
      else setError(messageOf(err, t('auth.unexpected')));
    } finally {
      setPending(false);
    }
  }

  return (
    <Page name="changePassword" className="auth">
      {!own && targetName && <p className="muted">{t('account.changePassword.forUser', { name: targetName })}</p>}
      {done && (
        <p role="status" className="notice notice--success" data-testid="password-changed">
          {t('account.changePassword.done')}
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="form" aria-busy={pending}>
        <FormAlert message={error} />
        {own && (
          <TextField name="currentPassword" type="password" label={t('account.changePassword.current')} autoComplete="current-password" error={fields.currentPassword && message(fields.currentPassword)} />
        )}
        <PasswordField
          label={t('account.changePassword.password')}
          hint={t('auth.passwordHint')}
          error={fields.password && message(fields.password)}
          user={owner}
          serverReasons={serverReasons}
        />
        <Button type="submit" size="l" stretched loading={pending} disabled={pending}>
          {t('account.changePassword.submit')}
        </Button>
      </form>
    </Page>
  );
}
