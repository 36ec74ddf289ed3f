// What every issue field shares: the props of a controlled field, and the frame of the native ones
// (label, control, the error under it).
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
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p id={`${id}-error`} className="field__error" data-testid={`error-${testid}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The control's side of an error: the form focuses the first invalid control, which reads its error. */
export const invalid = (id: string, error?: string) => (error ? ({ 'aria-invalid': true, 'aria-describedby': `${id}-error` } as const) : {});
