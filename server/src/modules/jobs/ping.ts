// `jobs.ping`: a job that only announces which process ran it (NOTIFY tracker_jobs_ping). Operators
// use it to see that some replica works the queue; tests use it to count executions across processes.
import type { JobHandler } from './job-queue.ts';
import { announcePing } from './ping.repository.ts';

export const PING_JOB = 'jobs.ping';
export const PING_CHANNEL = 'tracker_jobs_ping';

export interface PingNotice {
  payload: Record<string, unknown>;
  pid: number;
  jobId: string;
  attempts: number;
}

export const pingHandler: JobHandler = async (payload, helpers) => {
  const notice: PingNotice = { payload, pid: process.pid, jobId: String(helpers.job.id), attempts: helpers.job.attempts };
  await announcePing(helpers, PING_CHANNEL, notice);
};
