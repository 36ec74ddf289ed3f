// The job queue (graphile-worker): modules register tasks and cron items; requests enqueue in their transaction.
export { createJobQueue, type CronTask, type JobHandler, type JobQueue, type JobQueueOptions, type JobQueueState } from './job-queue.ts';
export { DEFAULT_MAX_ATTEMPTS, enqueue, enqueueIn, type EnqueueOptions, type Queryable } from './enqueue.ts';
export { PING_CHANNEL, PING_JOB, type PingNotice } from './ping.ts';
