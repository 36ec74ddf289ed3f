// graphile-worker's log lines into the app's pino logger, at the level they deserve here.
import { Logger as WorkerLogger, type LogFunctionFactory } from 'graphile-worker';
import { isDatabaseUnavailable } from '../../db/connection-errors.ts';
import type { Logger } from '../../logger.ts';

// graphile-worker's own chatter (connected, looking for jobs) is debug, and so are its reconnects
// while the database is down (the outage is logged once elsewhere); a job's failure is a warning (it
// retries); anything else it calls an error is one.
export const workerLogger = (logger: Logger): WorkerLogger => {
  const factory: LogFunctionFactory = (scope) => (level, message, meta) => {
    const { error, failure } = (meta ?? {}) as { error?: unknown; failure?: boolean };
    const fields = { jobs: { task: scope.taskIdentifier, jobId: scope.jobId, workerId: scope.workerId }, err: error };
    if (isDatabaseUnavailable(error)) logger.debug(fields, message);
    else if (level === 'error' && !failure) logger.error(fields, message);
    else if (level === 'error' || level === 'warning') logger.warn(fields, message);
    else logger.debug(fields, message);
  };
  return new WorkerLogger(factory);
};

