// Time tracking: entries on an issue, editing one, and the timesheet with its CSV (see contract/endpoint.ts).
import { logTimeSchema, timeEntriesResponseSchema, timeEntryResponseSchema, timesheetQuerySchema, timesheetResponseSchema, updateTimeSchema } from '../time.ts';
import { endpoint } from './endpoint.ts';

export const time = {
  list: endpoint('GET', '/api/issues/:ref/time', { response: timeEntriesResponseSchema }),
  log: endpoint('POST', '/api/issues/:ref/time', { body: logTimeSchema, response: timeEntryResponseSchema, status: 201 }),
  update: endpoint('PATCH', '/api/time/:id', { body: updateTimeSchema, response: timeEntryResponseSchema }),
  remove: endpoint('DELETE', '/api/time/:id'),
  timesheet: endpoint('GET', '/api/timesheet', { query: timesheetQuerySchema, response: timesheetResponseSchema }),
  /** `text/csv; charset=utf-8` with a BOM, RFC 4180; the same query as the timesheet. */
  timesheetCsv: endpoint('GET', '/api/timesheet.csv', { query: timesheetQuerySchema, responseType: 'text/csv' }),
};
