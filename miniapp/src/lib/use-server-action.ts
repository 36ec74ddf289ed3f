// A button's request without input (resend a mail, get a link): the same pending flag and message as
// a form's submit (use-server-form.ts), so no screen keeps its own. Its own module, without
// react-hook-form and zod: the reminder dialogs that use it load on every signed-in start.
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, type ErrorTextOptions } from './error-text.ts';

export function useServerAction(wording?: ErrorTextOptions) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const run = async (send: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    setError(null);
    try {
      await send();
    } catch (err) {
      setError(errorText(err, t, wording));
    } finally {
      running.current = false;
      setPending(false);
    }
  };
  return { run, pending, error, clearError: useCallback(() => setError(null), []) };
}
