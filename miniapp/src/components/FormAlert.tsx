import { useTranslation } from 'react-i18next';
import { useFailureTexts } from '../lib/i18n.ts';

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="form-alert" data-testid="form-error">
      {message}
    </div>
  );
}

/** A failure's words shown without a failed call (no access, a missing project): they load after the first render. */
export function FailureAlert({ textKey }: { textKey: string }) {
  useFailureTexts();
  const { t } = useTranslation();
  return <FormAlert message={t(textKey)} />;
}
