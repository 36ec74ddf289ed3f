// Creates a personal access token: name, scope and an optional last day.
import { createApiTokenSchema, type CreateApiTokenResponse } from '@tracker/shared/api/api-tokens';
import { addDays } from '@tracker/shared/dates';
import { API_TOKEN_NAME_MAX, API_TOKEN_SCOPES } from '@tracker/shared/api/values/api-tokens';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../../components/Button.tsx';
import { DateInput } from '../../../../components/DateInput.tsx';
import { FormAlert } from '../../../../components/FormAlert.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useServerForm } from '../../../../lib/use-server-form.ts';
import { apiTokensApi } from '../../api-tokens.ts';
import { endOfDay, today } from '../../../../lib/dates.ts';

/** The request's rules, under names of this form's own (the profile form above has its own `name`); the last day as the date input holds it. */
const tokenForm = z.object({
  tokenName: createApiTokenSchema.shape.name,
  tokenScope: createApiTokenSchema.shape.scope,
  /** `YYYY-MM-DD`, or '' for a token that does not expire. */
  expiresAt: z.string(),
});

/** The user's tomorrow: the earliest last day a date input offers. */
const tomorrow = () => addDays(today(), 1);

export function ApiTokenForm({ onCreated }: { onCreated: (created: CreateApiTokenResponse) => void }) {
  const { t } = useTranslation();
  const form = useServerForm(tokenForm, { tokenName: '', tokenScope: 'read', expiresAt: '' });
  const pending = form.formState.isSubmitting;
  const expires = form.watch('expiresAt');
  const submit = form.submit(
    async ({ tokenName, tokenScope, expiresAt }) => {
      const created = await apiTokensApi.create({ name: tokenName, scope: tokenScope, expiresAt: expiresAt ? endOfDay(expiresAt).toISOString() : null });
      form.reset();
      onCreated(created);
    },
    { errors: { fallback: 'account.apiTokens.createError' } },
  );

  const expiresError = form.errorFor('expiresAt');
  return (
    <form className="form api-tokens__form" noValidate onSubmit={submit} aria-busy={pending} data-testid="api-token-form">
      <FormAlert message={form.formError} />
      <TextField {...form.register('tokenName')} label={t('account.apiTokens.name')} hint={t('account.apiTokens.nameHint')} maxLength={API_TOKEN_NAME_MAX} required autoComplete="off" error={form.errorFor('tokenName')} />
      <div className="field">
        <label htmlFor="api-token-scope">{t('account.apiTokens.scope')}</label>
        <select id="api-token-scope" {...form.register('tokenScope')} data-testid="api-token-scope">
          {API_TOKEN_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {t(`account.apiTokens.scopes.${scope}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={`field${expiresError ? ' field--error' : ''}`}>
        <label htmlFor="api-token-expires">{t('account.apiTokens.expires')}</label>
        <DateInput
          id="api-token-expires"
          data-testid="api-token-expires"
          min={tomorrow()}
          value={expires}
          onChange={(day) => form.setValue('expiresAt', day, { shouldDirty: true })}
          aria-invalid={expiresError ? true : undefined}
          aria-describedby={expiresError ? 'api-token-expires-error' : 'api-token-expires-hint'}
        />
        {expiresError ? (
          <p id="api-token-expires-error" className="field__error">
            {expiresError}
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
