// Build warnings we have looked at and accept, printed as one line that says why instead of a
// warning a reader must research on each build.
import type { UserConfig } from 'vite';

type OnLog = NonNullable<NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']>['onLog']>;

export const ERUDA_EVAL_NOTE =
  "eruda's direct eval is expected: eruda is the PUBLIC_DEBUG=1 console, a separate chunk loaded only then and never precached; its eval runs what is typed into that console (the CSP has no 'unsafe-eval', so only its other panels work).";

const isErudaEval = (log: { code?: string; id?: string; message: string }) =>
  log.code === 'EVAL' && /[\\/]eruda[\\/]/.test(log.id ?? log.message);

export const explainKnownWarnings: OnLog = (level, log, handler) => {
  if (isErudaEval(log)) {
    handler('info', { message: ERUDA_EVAL_NOTE });
    return;
  }
  handler(level, log);
};
