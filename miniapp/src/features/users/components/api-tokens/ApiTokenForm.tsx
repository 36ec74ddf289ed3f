// Creates a personal access token: name, scope and an optional last day.
import type { ApiTokenScope, CreateApiTokenResponse } from '@tracker/shared/api/api-tokens';
import { addDays } from '@tracker/shared/dates';
import { API_TOKEN_NAME_MAX, API_TOKEN_SCOPES } from '@tracker/shared/api/values/api-tokens';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button.tsx';
import { DateInput } from '../../../../components/DateInput.tsx';
import { FormAlert } from '../../../../components/FormAlert.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { formErrorsFrom, type FieldErrors } from '../../../../lib/form-errors.ts';
import { apiTokensApi } from '../../api-tokens.ts';
import { endOfDay, today } from '../../../../lib/dates.ts';

const FIELDS = ['name', 'scope', 'expiresAt'];
/** The user's tomorrow: the earliest last day a date input offers. */
const tomorrow = () => addDays(today(), 1);

export function ApiTokenForm({ onCreated }: { onCreated: (created: CreateApiTokenResponse) => void }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [fields, setFields] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [expires, setExpires] = useState('');

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const element = e.currentTarget;
    const data = new FormData(element);
    const name = String(data.get('tokenName') ?? '').trim();
    setFormError(null);
    if (!name) {
      setFields({ name: t('validation.required') });
      return;
    }
    setFields({});
    setPending(true);
    try {
      const created = await apiTokensApi.create({ name, scope: data.get('tokenScope') as ApiTokenScope, expiresAt: expires ? endOfDay(expires).toISOString() : null });
      element.reset();
      setExpires('');
      onCreated(created);
    } catch (err) {
      const state = formErrorsFrom(err, FIELDS, t, { fallback: 'account.apiTokens.createError' });
      setFields(state.fields);
      setFormError(state.form);
    } finally {
      setPending(false);
    }
  }

  // The profile form above has its own `name`: these fields carry other names, the API's issues keep theirs.
  const fieldError = (name: string) => fields[name];
  return (
    <form className="form api-tokens__form" noValidate onSubmit={onSubmit} aria-busy={pending} data-testid="api-token-form">
      <FormAlert message={formError} />
      <TextField name="tokenName" label={t('account.apiTokens.name')} hint={t('account.apiTokens.nameHint')} maxLength={API_TOKEN_NAME_MAX} required autoComplete="off" error={fieldError('name')} />
      <div className="field">
        <label htmlFor="api-token-scope">{t('account.apiTokens.scope')}</label>
        <select id="api-token-scope" name="tokenScope" defaultValue="read" data-testid="api-token-scope">
          {API_TOKEN_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {t(`account.apiTokens.scopes.${scope}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={`field${fieldError('expiresAt') ? ' field--error' : ''}`}>
        <label htmlFor="api-token-expires">{t('account.apiTokens.expires')}</label>
        <DateInput
          id="api-token-expires"
          data-testid="api-token-expires"
          min={tomorrow()}
          value={expires}
          onChange={setExpires}
          aria-invalid={fieldError('expiresAt') ? true : undefined}
          aria-describedby={fieldError('expiresAt') ? 'api-token-expires-error' : 'api-token-expires-hint'}
        />
        {fieldError('expiresAt') ? (
          <p id="api-token-expires-error" className="field__error">
            {fieldError('expiresAt')}
          </p>
        ) : (
          <p id="api-token-expires-hint" className="field__hint">
            {t('account.apiTokens.expiresHint')}
          </p>
        )}
      </div>
      <Button variant="primary" type="submit" loading={pending} data-testid="api-token-create">
        {t('account.apiTokens.create')}
      </Button>
    </form>
  );
}
