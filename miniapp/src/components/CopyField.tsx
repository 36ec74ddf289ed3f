// A value to copy (a secret shown once, an invite link): read-only, selected on focus, with a Copy
// button that falls back to selecting the text where the clipboard is refused.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';

export function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // Clipboard access can be refused (insecure context, a webview's permissions): select the text instead.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  }

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field">
        <input id={id} readOnly value={value} spellCheck={false} data-testid={testId} onFocus={(e) => e.target.select()} />
        <Button size="small" onClick={() => void copy()} data-testid={`${testId}-copy`}>
          {copied ? t('common.copy.copied') : t('common.copy.copy')}
        </Button>
      </div>
    </div>
  );
}
