import { projects } from '@tracker/shared/api/contract/projects';
import { time } from '@tracker/shared/api/contract/time';
import type { LogTimeInput, TimesheetQuery, UpdateTimeInput } from '@tracker/shared/api/time';
import { api } from '../../lib/api-client.ts';

export const timeApi = {
  list: (issueId: number, signal?: AbortSignal) => api(time.list, { params: { ref: issueId }, signal }),
  log: (issueId: number, body: LogTimeInput) => api(time.log, { params: { ref: issueId }, body }),
  update: (id: number, body: UpdateTimeInput) => api(time.update, { params: { id }, body }),
  remove: (id: number) => api(time.remove, { params: { id } }),
  timesheet: (query: TimesheetQuery, signal?: AbortSignal) => api(time.timesheet, { query, signal }),
  /** The CSV as text: fetched through the one client, so it carries the session header in Telegram's frame too. */
  csv: (query: TimesheetQuery) => api(time.timesheetCsv, { query }) as Promise<unknown>,
  projects: () => api(projects.list),
  project: (id: number) => api(projects.get, { params: { ref: id } }),
};
