// What every issue field shares: the props of a controlled field, and its frame (label, control, the
// error under it). The label's id (`<id>-label`) also names a picker's button with its value.
import type { ReactNode } from 'react';

/** `C`: what a change hands back when it differs from what is shown (a placeholder is never chosen). */
export interface FieldProps<V, C = V> {
  value: V;
  onChange: (value: C) => void;
  testid: string;
  error?: string;
  disabled?: boolean;
}

export function Field({ id, label, testid, error, children }: { id: string; label: string; testid: string; error?: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="field__error" data-testid={`error-${testid}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The id of a field's error, when it has one (a picker's button is described by it). */
export const errorIdOf = (id: string, error?: string) => (error ? `${id}-error` : undefined);

/** The control's side of an error: the form focuses the first invalid control, which reads its error. */
export const invalid = (id: string, error?: string) => (error ? ({ 'aria-invalid': true, 'aria-describedby': `${id}-error` } as const) : {});
