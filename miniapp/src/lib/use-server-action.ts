// A request without a form model (resend a mail, get a link, send a comment, quick add): the same
// pending flag and message as a form's submit (use-server-form.ts), so no screen keeps its own. Its
// own module, without react-hook-form and zod: the reminder dialogs, the comment composer and My
// work's quick add use it on screens that load no form code (the light start).
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, type ErrorTextOptions } from './error-text.ts';

export function useServerAction(wording?: ErrorTextOptions) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  /** Resolves true once sent; false when refused (its message in `error`) or another run is under way. */
  const run = async (send: () => Promise<unknown>): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    setPending(true);
    setError(null);
    try {
      await send();
      return true;
    } catch (err) {
      setError(errorText(err, t, wording));
      return false;
    } finally {
      running.current = false;
      setPending(false);
    }
  };
  // `refuse` shows a screen's own check's message (an empty comment) where a refusal's would be.
  return { run, pending, error, clearError: useCallback(() => setError(null), []), refuse: setError };
}
