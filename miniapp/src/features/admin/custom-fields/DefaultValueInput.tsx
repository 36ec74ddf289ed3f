import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customFieldsApi, type UserOption } from './api.ts';
import type { FieldForm } from './form.ts';

interface Props {
  form: FieldForm;
  error?: string;
  onChange: (form: FieldForm) => void;
}

/** The default value's input follows the field type. */
export function DefaultValueInput({ form, error, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const label = t('customFields.form.defaultValue');
  const errorEl = error && (
    <p id={errorId} className="field__error" data-testid="error-defaultValue">
      {t(error)}
    </p>
  );
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : `${id}-hint`, 'data-testid': 'cf-default' } as const;
  const hint = !error && (
    <p id={`${id}-hint`} className="field__hint">
      {t('customFields.form.defaultHint')}
    </p>
  );

  if (form.type === 'multiselect') {
    return (
      <fieldset className={`cf-fieldset${error ? ' field--error' : ''}`} data-testid="cf-default" aria-describedby={error ? errorId : undefined}>
        <legend>{label}</legend>
        {!form.options.length && <p className="field__hint">{t('customFields.form.defaultNoOptions')}</p>}
        <div className="cf-checks">
          {form.options.map((o, i) => (
            <label key={o.key} className="cf-check">
              <input
                type="checkbox"
                checked={form.defaultOptions.includes(o.key)}
                data-testid={`cf-default-option-${i}`}
                onChange={(e) => onChange({ ...form, defaultOptions: e.target.checked ? [...form.defaultOptions, o.key] : form.defaultOptions.filter((k) => k !== o.key) })}
              />
              <span className="cf-swatch" style={{ background: o.color }} aria-hidden="true" />
              {o.name || t('customFields.form.optionN', { n: i + 1 })}
            </label>
          ))}
        </div>
        {errorEl}
      </fieldset>
    );
  }

  if (form.type === 'user') return <UserDefault form={form} error={error} onChange={onChange} />;

  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {form.type === 'checkbox' ? (
        <select {...common} className="cf-select" value={form.defaultFlag} onChange={(e) => onChange({ ...form, defaultFlag: e.target.value as FieldForm['defaultFlag'] })}>
          <option value="">{t('customFields.form.noDefault')}</option>
          <option value="true">{t('customFields.form.checked')}</option>
          <option value="false">{t('customFields.form.unchecked')}</option>
        </select>
      ) : form.type === 'select' ? (
        <select {...common} className="cf-select" value={form.defaultOptions[0] ?? ''} onChange={(e) => onChange({ ...form, defaultOptions: e.target.value ? [e.target.value] : [] })}>
          <option value="">{t('customFields.form.noDefault')}</option>
          {form.options.map((o, i) => (
            <option key={o.key} value={o.key}>
              {o.name || t('customFields.form.optionN', { n: i + 1 })}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={form.type === 'date' ? 'date' : form.type === 'url' ? 'url' : 'text'}
          inputMode={form.type === 'number' ? 'decimal' : undefined}
          placeholder={form.type === 'url' ? 'https://' : undefined}
          value={form.defaultText}
          onChange={(e) => onChange({ ...form, defaultText: e.target.value })}
        />
      )}
      {hint}
      {errorEl}
    </div>
  );
}

/** Search people by name, then pick one: a plain input plus a list of matches. */
function UserDefault({ form, error, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState('');
  const [results, setResults] = useState<UserOption[]>([]);
  useEffect(() => {
    if (!q.trim()) {
      setResults([]);
      return;
    }
    const timer = setTimeout(() => {
      customFieldsApi.users(q.trim()).then(
        (r) => setResults(r.users),
        () => setResults([]),
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [q]);
  return (
    <fieldset className={`cf-fieldset${error ? ' field--error' : ''}`} data-testid="cf-default">
      <legend>{t('customFields.form.defaultValue')}</legend>
      <p className="cf-user-current" aria-live="polite">
        {form.defaultUser ? (
          <>
            <span data-testid="cf-default-user">{form.defaultUser.name}</span>{' '}
            <button type="button" className="btn btn--ghost btn--small" onClick={() => onChange({ ...form, defaultUser: null })}>
              {t('customFields.form.clear')}
            </button>
          </>
        ) : (
          <span className="muted">{t('customFields.form.noDefault')}</span>
        )}
      </p>
      <div className="field">
        <label htmlFor={id}>{t('customFields.form.findUser')}</label>
        <input id={id} type="search" value={q} autoComplete="off" data-testid="cf-default-user-search" onChange={(e) => setQ(e.target.value)} />
      </div>
      {results.length > 0 && (
        <ul className="cf-user-results" aria-label={t('customFields.form.userResults')}>
          {results.map((u) => (
            <li key={u.id}>
              <button
                type="button"
                className="cf-user-result"
                data-testid={`cf-default-user-${u.id}`}
                onClick={() => {
                  onChange({ ...form, defaultUser: u });
                  setQ('');
                }}
              >
                {u.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="field__error" data-testid="error-defaultValue">
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}
