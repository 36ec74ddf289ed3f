// graphile-worker's log lines into the app's pino logger, at the level they deserve here.
import { Logger as WorkerLogger, type LogFunctionFactory } from 'graphile-worker';
import { isDatabaseUnavailable } from '../../db/connection-errors.ts';
import type { Logger } from '../../logger.ts';

// graphile-worker's own chatter (connected, looking for jobs) is debug, and so are its reconnects
// while the database is down (the outage is logged once elsewhere); a job's failure is a warning (it
// retries); anything else it calls an error is one.
export const workerLogger = (logger: Logger): WorkerLogger => {
  const factory: LogFunctionFactory = (scope) => (level, message, meta) => {
    // `fatalError`: a completion or failure it could not write, which ends its runner (job-queue.ts starts another).
    const { error: thrown, fatalError, failure } = (meta ?? {}) as { error?: unknown; fatalError?: unknown; failure?: boolean };
    const error = thrown ?? fatalError;
    const fields = { jobs: { task: scope.taskIdentifier, jobId: scope.jobId, workerId: scope.workerId }, err: error };
    if (isDatabaseUnavailable(error)) logger.debug(fields, message);
    else if (level === 'error' && !failure) logger.error(fields, message);
    else if (level === 'error' || level === 'warning') logger.warn(fields, message);
    else logger.debug(fields, message);
  };
  return new WorkerLogger(factory);
};


/**
 * graphile-worker 0.18 also prints a worker's exit error with `console.trace` (main.js), beside the
 * logger line above. A worker that exits because the database went away (an outage, or Ctrl-C,
 * which reaches the embedded PostgreSQL too) is expected: its stack goes to the debug log. Any
 * other trace is printed as before. Installed once per process; the latest queue's logger is used.
 */
let traceLogger: Logger | null = null;
export function quietDatabaseTraces(logger: Logger) {
  if (!traceLogger) {
    const print = console.trace.bind(console);
    console.trace = (...args: unknown[]) => {
      if (traceLogger && args.length === 1 && isDatabaseUnavailable(args[0])) traceLogger.debug({ err: args[0] }, 'job worker exited: the database went away');
      else print(...args);
    };
  }
  traceLogger = logger;
}
