// Spec §5: six numeric cells, one character each; typing moves on, Backspace on an empty cell moves
// back, pasting fills the cells. `onComplete` fires only when all six are digits.
import { SMS_CODE_LENGTH } from '@tracker/shared/limits';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  digits: string[];
  onChange: (digits: string[]) => void;
  onComplete: (code: string) => void;
  disabled?: boolean;
  labelledBy: string;
}

export const emptyDigits = () => Array.from({ length: SMS_CODE_LENGTH }, () => '');

export function CodeCells({ digits, onChange, onComplete, disabled, labelledBy }: Props) {
  const { t } = useTranslation();
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => refs.current[Math.max(0, Math.min(SMS_CODE_LENGTH - 1, i))]?.focus();

  function update(next: string[], focusAt: number) {
    onChange(next);
    focus(focusAt);
    const code = next.join('');
    if (new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(code)) onComplete(code);
  }

  function fillFrom(start: number, text: string) {
    const incoming = text.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH - start).split('');
    if (incoming.length === 0) return;
    const next = [...digits];
    incoming.forEach((d, k) => (next[start + k] = d));
    update(next, start + incoming.length);
  }

  function onKeyDown(i: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace' && !digits[i] && i > 0) {
      e.preventDefault();
      const next = [...digits];
      next[i - 1] = '';
      onChange(next);
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') focus(i - 1);
    else if (e.key === 'ArrowRight') focus(i + 1);
  }

  function onPaste(i: number, e: ClipboardEvent<HTMLInputElement>) {
    e.preventDefault();
    fillFrom(/^\D*\d{6}\D*$/.test(e.clipboardData.getData('text')) ? 0 : i, e.clipboardData.getData('text'));
  }

  return (
    <div className="code-cells" role="group" aria-labelledby={labelledBy} data-testid="code-cells">
      {digits.map((digit, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className="code-cells__cell"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={SMS_CODE_LENGTH}
          aria-label={t('account.phoneDialog.digit', { n: i + 1 })}
          value={digit}
          disabled={disabled}
          autoFocus={i === 0}
          onChange={(e) => {
            const value = e.target.value.replace(/\D/g, '');
            if (value.length > 1) fillFrom(i, value);
            else {
              const next = [...digits];
              next[i] = value;
              update(next, value ? i + 1 : i);
            }
          }}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={(e) => onPaste(i, e)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
}
