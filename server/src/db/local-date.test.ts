// The SQL "today" and "overdue" (local-date.ts) and the JavaScript ones (shared/src/dates.ts) are one
// definition: PostgreSQL's zone data and the runtime's ICU data must give the same date at the same
// instant, and the same answer to "is this due date overdue", on the edges where they could part.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOverdue, todayIn, userTimeZone } from '@tracker/shared/dates';
import { createTestDatabase } from '../test/harness.ts';
import { givenDay, localDateOf, localDayStart, localToday, overdue, userZone, type SqlPart } from './local-date.ts';
import { createOrm, type Orm } from './orm.ts';

let orm: Orm;
const sql = <T>(query: string, params: unknown[]) => orm.em.getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  orm = await createOrm(await createTestDatabase(), { poolMax: 1 });
});
afterAll(() => orm.close(true));

const ZONES = ['UTC', 'Europe/Moscow', 'Australia/Brisbane', 'Pacific/Honolulu', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kolkata', 'Europe/Berlin', 'America/New_York'];
const INSTANTS = [
  '2026-11-25T23:00:00Z', // 09:00 the next day in UTC+10
  '2026-11-25T13:59:59Z', '2026-11-25T14:00:00Z', // midnight in UTC+10
  '2026-11-26T09:59:59Z', '2026-11-26T10:00:00Z', // midnight in UTC−10
  '2026-03-28T22:59:59Z', '2026-03-28T23:00:00Z', // midnight in Berlin, the night its clocks go forward
  '2026-11-01T04:30:00Z', '2026-11-01T05:30:00Z', // New York's clocks go back
  '2026-12-31T23:30:00Z', // a new year in the east, the old one in the west
];

const zoneOf = (zone: string): SqlPart => ({ sql: '?::text', params: [zone] });

describe('today and overdue: SQL and JavaScript agree', () => {
  it('on the date in every zone at every edge instant', async () => {
    for (const at of INSTANTS) {
      for (const zone of ZONES) {
        const today = localToday(zoneOf(zone), new Date(at));
        const [row] = await sql<{ today: string }>(`select to_char(${today.sql}, 'YYYY-MM-DD') as today`, today.params);
        expect(row!.today, `${zone} at ${at}`).toBe(todayIn(zone, new Date(at)));
      }
    }
  });

  it('on overdue for due dates around each zone’s today, and never for no date', async () => {
    for (const at of INSTANTS) {
      for (const zone of ZONES) {
        const now = new Date(at);
        const day = todayIn(zone, now);
        const dues = [null, day, new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10), new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)];
        for (const due of dues) {
          const late = overdue('v.due', localToday(zoneOf(zone), now));
          const [row] = await sql<{ overdue: boolean }>(`select ${late.sql} as overdue from (values (?::date)) v(due)`, [...late.params, due]);
          expect(row!.overdue, `${due} in ${zone} at ${at}`).toBe(isOverdue(due, zone, now));
        }
      }
    }
  });

  it('on the day an instant falls on, and the instant each day begins (a report’s range of days)', async () => {
    for (const at of INSTANTS) {
      for (const zone of ZONES) {
        const day = todayIn(zone, new Date(at));
        const of = localDateOf('?::timestamptz', zoneOf(zone));
        const [local] = await sql<{ day: string }>(`select to_char(${of.sql}, 'YYYY-MM-DD') as day`, [at, ...of.params]);
        expect(local!.day, `${zone} at ${at}`).toBe(day);
        // The instant is on its day or later, and before the next day begins.
        const starts = localDayStart(givenDay(day), zoneOf(zone));
        const next = localDayStart({ sql: '(?::date + 1)', params: [day] }, zoneOf(zone));
        const [row] = await sql<{ inside: boolean }>(`select ?::timestamptz >= ${starts.sql} and ?::timestamptz < ${next.sql} as inside`, [at, ...starts.params, at, ...next.params]);
        expect(row!.inside, `${zone} at ${at}`).toBe(true);
      }
    }
  });

  it('on the user’s zone: the profile’s, else the default', async () => {
    const [withZone] = await sql<{ id: number }>(`insert into users (name) values ('Zoned') returning id`, []);
    const [without] = await sql<{ id: number }>(`insert into users (name) values ('Unzoned') returning id`, []);
    await sql(`insert into notification_settings (user_id, time_zone) values (?, 'Asia/Vladivostok')`, [withZone!.id]);
    for (const [id, profile] of [[withZone!.id, 'Asia/Vladivostok'], [without!.id, null]] as const) {
      const zone = userZone({ sql: '?', params: [id] });
      const [row] = await sql<{ zone: string }>(`select ${zone.sql} as zone`, zone.params);
      expect(row!.zone).toBe(userTimeZone(profile));
    }
  });
});
