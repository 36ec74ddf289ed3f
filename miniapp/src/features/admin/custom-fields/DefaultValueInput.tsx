import type { CustomFieldType } from '@tracker/shared/api/custom-fields';
import { useEffect, useId, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { useQuery } from '../../../lib/query.ts';
import { customFieldsApi, type UserOption } from './api.ts';
import { defaultFromText, type CustomFieldForm } from './form.ts';

interface Props {
  form: CustomFieldForm;
  /** The options' row keys, in order: a new option is named by its key until the request. */
  keys: readonly string[];
  /** The name of a stored user default, when it is known. */
  userName?: string;
}

/** The default value's input follows the field type. */
export function DefaultValueInput({ form, keys, userName }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [type, options = [], value] = form.watch(['type', 'options', 'defaultValue']);
  const error = form.errorFor('defaultValue');
  const set = (next: unknown) => form.setValue('defaultValue', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  // What names each option in the default: its id once stored, its row key while new.
  const refs = options.map((o, i) => o.id ?? keys[i]);
  const optionLabel = (name: string, i: number) => name || t('customFields.form.optionN', { n: i + 1 });
  const label = t('customFields.form.defaultValue');
  const errorEl = error && (
    <p id={errorId} className="field__error" data-testid="error-defaultValue">
      {error}
    </p>
  );
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : `${id}-hint`, 'data-testid': 'cf-default' } as const;
  const hint = !error && (
    <p id={`${id}-hint`} className="field__hint">
      {t('customFields.form.defaultHint')}
    </p>
  );

  if (type === 'multiselect') {
    const picked = Array.isArray(value) ? value : [];
    return (
      <fieldset className={`cf-fieldset${error ? ' field--error' : ''}`} data-testid="cf-default" aria-describedby={error ? errorId : undefined}>
        <legend>{label}</legend>
        {!options.length && <p className="field__hint">{t('customFields.form.defaultNoOptions')}</p>}
        <div className="cf-checks">
          {options.map((o, i) => (
            <label key={keys[i]} className="cf-check">
              <input
                type="checkbox"
                checked={picked.includes(refs[i])}
                data-testid={`cf-default-option-${i}`}
                onChange={(e) => {
                  const next = e.target.checked ? [...picked, refs[i]] : picked.filter((ref) => ref !== refs[i]);
                  set(next.length ? next : null);
                }}
              />
              <span className="cf-swatch" style={{ background: o.color }} aria-hidden="true" />
              {optionLabel(o.name, i)}
            </label>
          ))}
        </div>
        {errorEl}
      </fieldset>
    );
  }

  if (type === 'user') return <UserDefault value={value} userName={userName} error={error} onChange={set} />;

  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {type === 'checkbox' ? (
        <select {...common} className="cf-select" value={typeof value === 'boolean' ? String(value) : ''} onChange={(e) => set(e.target.value === '' ? null : e.target.value === 'true')}>
          <option value="">{t('customFields.form.noDefault')}</option>
          <option value="true">{t('customFields.form.checked')}</option>
          <option value="false">{t('customFields.form.unchecked')}</option>
        </select>
      ) : type === 'select' ? (
        <select {...common} className="cf-select" value={refs.some((ref) => ref === value) ? String(value) : ''} onChange={(e) => set(refs.find((ref) => String(ref) === e.target.value) ?? null)}>
          <option value="">{t('customFields.form.noDefault')}</option>
          {options.map((o, i) => (
            <option key={keys[i]} value={String(refs[i])}>
              {optionLabel(o.name, i)}
            </option>
          ))}
        </select>
      ) : (
        // Keyed by type: another type starts from a blank text.
        <TypedDefault key={type} {...common} fieldType={type} value={value} onChange={set} />
      )}
      {hint}
      {errorEl}
    </div>
  );
}

interface TypedProps extends Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> {
  fieldType: CustomFieldType;
  value: unknown;
  onChange: (value: unknown) => void;
}

/** Text, number, date or URL: the input keeps what is typed, the form gets the value it means. */
function TypedDefault({ fieldType, value, onChange, ...input }: TypedProps) {
  const [text, setText] = useState(typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  return (
    <input
      {...input}
      type={fieldType === 'date' ? 'date' : fieldType === 'url' ? 'url' : 'text'}
      inputMode={fieldType === 'number' ? 'decimal' : undefined}
      placeholder={fieldType === 'url' ? 'https://' : undefined}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(defaultFromText(fieldType, e.target.value));
      }}
    />
  );
}

interface UserProps {
  value: unknown;
  userName?: string;
  error?: string;
  onChange: (value: number | null) => void;
}

/** Search people by name, then pick one: a plain input plus a list of matches. */
function UserDefault({ value, userName, error, onChange }: UserProps) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState('');
  // The form holds the id; the name shown is the stored one's until another is picked.
  const [name, setName] = useState(userName);
  // The server is asked once typing pauses.
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(q.trim()), 250);
    return () => clearTimeout(timer);
  }, [q]);
  const found = useQuery(asked ? ['admin', 'people', asked] : null, () => customFieldsApi.users(asked).then((r) => r.users));
  const results: UserOption[] = (q.trim() && found.data) || [];
  return (
    <fieldset className={`cf-fieldset${error ? ' field--error' : ''}`} data-testid="cf-default">
      <legend>{t('customFields.form.defaultValue')}</legend>
      <p className="cf-user-current" aria-live="polite">
        {typeof value === 'number' ? (
          <>
            <span data-testid="cf-default-user">{name ?? `#${value}`}</span>{' '}
            <Button size="small" onClick={() => onChange(null)}>
              {t('customFields.form.clear')}
            </Button>
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
                  setName(u.name);
                  onChange(u.id);
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
          {error}
        </p>
      )}
    </fieldset>
  );
}
