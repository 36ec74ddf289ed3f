// The one way to choose files (issue 27): a Button that opens a hidden file input, then names what was
// chosen. The browser's own "Choose File" control ignores the theme and can't be styled; people reach
// this one by keyboard and screen reader like any button. Tests set files on the input (testId).
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonSize, type ButtonVariant } from './Button.tsx';

interface Props {
  /** Called with the chosen files (never an empty list). */
  onFiles: (files: File[]) => void;
  /** What the button says; "Choose file" when not given. */
  children?: ReactNode;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** A spinner on the button, which takes no new file meanwhile. */
  loading?: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows the chosen file's name (or that none is chosen yet) beside the button. */
  showName?: boolean;
  /** The button's id, for a <label htmlFor> (a click on the label then opens the picker). */
  id?: string;
  /** The id of the field's visible label: the button is named by it and by its own text. */
  labelledBy?: string;
  className?: string;
  /** data-testid of the file input. */
  testId?: string;
  buttonTestId?: string;
}

export function FilePicker({ onFiles, children, accept, multiple, disabled, loading, variant, size, showName = false, id, labelledBy, className, testId, buttonTestId }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const ownId = useId();
  const nameId = useId();
  const buttonId = id ?? ownId;
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <div className={className ? `file-picker ${className}` : 'file-picker'}>
      <Button
        id={buttonId}
        variant={variant}
        size={size}
        loading={loading}
        disabled={disabled}
        aria-labelledby={labelledBy ? `${labelledBy} ${buttonId}` : undefined}
        aria-describedby={showName ? nameId : undefined}
        onClick={() => input.current?.click()}
        data-testid={buttonTestId}
      >
        {children ?? t('common.filePicker.choose')}
      </Button>
      {showName && (
        <span id={nameId} className="file-picker__name" aria-live="polite" data-testid={testId ? `${testId}-name` : undefined}>
          {chosen.length ? chosen.join(', ') : t('common.filePicker.none')}
        </span>
      )}
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        multiple={multiple}
        disabled={disabled || loading}
        data-testid={testId}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // Emptied, so that choosing the same file again is a change too.
          e.target.value = '';
          if (!files.length) return;
          setChosen(files.map((f) => f.name));
          onFiles(files);
        }}
      />
    </div>
  );
}
