import { time } from '@tracker/shared/api/contract/time';
import type { LogTimeInput, TimesheetQuery, UpdateTimeInput } from '@tracker/shared/api/time';
import { api } from '../../lib/api-client.ts';

export const timeApi = {
  list: (issueId: number, signal?: AbortSignal) => api(time.list, { params: { ref: issueId }, signal }),
  log: (issueId: number, body: LogTimeInput) => api(time.log, { params: { ref: issueId }, body }),
  update: (id: number, body: UpdateTimeInput) => api(time.update, { params: { id }, body }),
  remove: (id: number) => api(time.remove, { params: { id } }),
  timesheet: (query: TimesheetQuery, signal?: AbortSignal) => api(time.timesheet, { query, signal }),
  /** The CSV's address for the same sheet (a download: lib/file-download.ts signs it inside Telegram). */
  csvPath: (query: TimesheetQuery) => {
    const params = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, String(v)]])));
    const qs = params.toString();
    return qs ? `${time.timesheetCsv.path}?${qs}` : time.timesheetCsv.path;
  },
};
