// A new-password field that says why a password is weak as the user types (zxcvbn's warning and
// suggestions), with the same rule the server applies. The rule loads on first focus.
import type { PasswordStrength } from '@tracker/shared/passwords';
import { useMemo, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPasswordRule, strengthKeys } from '../lib/password-rule.ts';
import { useQuery } from '../lib/query.ts';
import { TextField } from './TextField.tsx';

/** Input props (a form's `register(...)`) pass through to the input; its own handlers run first. */
interface Props extends Omit<ComponentProps<'input'>, 'id' | 'type' | 'name'> {
  label: string;
  hint?: string;
  error?: string;
  /** The user's own e-mail and name: they do not count as strength. */
  user: { email?: string | null; name?: string | null };
  /** Reasons sent by the server with a weak_password refusal, shown while the rule is not loaded. */
  serverReasons?: string[];
  name?: string;
}

export function PasswordField({ label, hint, error, user, serverReasons, name = 'password', onFocus, onChange, ...input }: Props) {
  const { t } = useTranslation();
  // The rule's code never changes once loaded; asked on first focus, and again on a focus after a failure.
  const [wanted, setWanted] = useState(false);
  const asked = useQuery(wanted ? ['passwordRule'] : null, loadPasswordRule, { freshMs: Infinity });
  const rule = asked.data ?? null;
  const [value, setValue] = useState('');
  const load = () => {
    if (!wanted) setWanted(true);
    else if (asked.error && !asked.fetching) void asked.refetch();
  };
  const { email, name: userName } = user;
  const strength: PasswordStrength | null = useMemo(
    () => (rule && value ? rule.checkPasswordStrength(value, rule.passwordUserInputs({ email, name: userName })) : null),
    [rule, value, email, userName],
  );
  const reasons = strength ? strengthKeys(strength).map((k) => t(k)) : (serverReasons ?? []);
  return (
    <div className="password-field">
      <TextField
        autoComplete="new-password"
        required
        {...input}
        name={name}
        type="password"
        label={label}
        hint={hint}
        error={error}
        onFocus={(e) => {
          load();
          onFocus?.(e);
        }}
        onChange={(e) => {
          load();
          setValue(e.currentTarget.value);
          onChange?.(e);
        }}
      />
      <div className="field__strength" data-testid="password-strength" aria-live="polite">
        {strength?.ok ? (
          <p className="field__hint">{t('account.passwordStrength.strong')}</p>
        ) : (
          reasons.length > 0 && (
            <ul className="field__hint">
              {reasons.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )
        )}
      </div>
    </div>
  );
}
