import { useId, type ComponentProps } from 'react';

// `ref` passes through to the input (a prop in React 19), so `{...form.register(name)}` works.
interface Props extends Omit<ComponentProps<'input'>, 'id'> {
  name: string;
  label: string;
  error?: string;
  hint?: string;
}

export function TextField({ label, error, hint, name, ...input }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      {hint && !error && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}
