// What every issue field shares: the props of a controlled field, and its frame (label, control, the
// error under it). The label's id (`<id>-label`) also names a picker's button with its value.
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldPicker, type FieldPickerProps } from '../../../components/picker/FieldPicker.tsx';
import type { PickerItem } from '../../../components/picker/types.ts';

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

type FramedPicker<T extends PickerItem> = Omit<FieldPickerProps<T>, 'id' | 'labelledBy' | 'errorId' | 'placeholder'> & { error?: string };

/** A picker in its field's frame, searched with "Find…": the label names the button, the error describes it. */
export function PickerField<T extends PickerItem>({ label, testid, error, ...picker }: FramedPicker<T>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Field id={id} label={label} testid={testid} error={error}>
      <FieldPicker id={id} labelledBy={`${id}-label`} label={label} testid={testid} errorId={errorIdOf(id, error)} placeholder={t('issues.common.find')} {...picker} />
    </Field>
  );
}
