// "Today" and "overdue" in SQL, for statements that decide them per row (each user or group in its
// own zone) or inside a query that filters by them: the twins of shared/src/dates.ts (todayIn,
// isOverdueOn, userTimeZone). local-date.test.ts runs both on the same instants, zones and dates.
// Each piece is SQL with its bound values, in the order of its `?`s.
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';

export interface SqlPart {
  sql: string;
  params: unknown[];
}

/** The time zone of the profile of the user whose id is the SQL expression `userId`; null while they have chosen none. */
export const profileZoneSql = (userId: string) => `(select ns.time_zone from notification_settings ns where ns.user_id = ${userId})`;

/**
 * The user's time zone (`userTimeZone`): their profile's, else DEFAULT_TIME_ZONE. `userId` is an SQL
 * expression (a column, or `?` with the id in `params`).
 */
export const userZone = (userId: SqlPart): SqlPart => ({
  sql: `coalesce(${profileZoneSql(userId.sql)}, ?)`,
  params: [...userId.params, DEFAULT_TIME_ZONE],
});

/** The wall-clock time at `now` in `zone` (a timestamp without zone: `::date` is today, `::time` the hour). */
export const localNow = (zone: SqlPart, now: Date): SqlPart => ({
  sql: `(?::timestamptz at time zone ${zone.sql})`,
  params: [now.toISOString(), ...zone.params],
});

/** Today in `zone` at `now` (`todayIn`). */
export const localToday = (zone: SqlPart, now: Date): SqlPart => {
  const local = localNow(zone, now);
  return { sql: `${local.sql}::date`, params: local.params };
};

/** A date the caller already knows as today (`YYYY-MM-DD`). */
export const givenDay = (date: string): SqlPart => ({ sql: '?::date', params: [date] });

/** Overdue (`isOverdueOn`): the due date (an SQL expression) strictly before today; never for no date. */
export const overdue = (due: string, today: SqlPart): SqlPart => ({
  sql: `(${due} is not null and ${due} < ${today.sql})`,
  params: today.params,
});

/**
 * The instant the day `day` (an SQL date: `givenDay(…)`, or `(?::date + 1)` for the day after one)
 * begins in `zone`: an instant is on that day or later in the zone (`todayIn(zone, instant) >= day`)
 * exactly when it is at or after this. Bounds a range of days on a timestamp column, so its index
 * serves the range.
 */
export const localDayStart = (day: SqlPart, zone: SqlPart): SqlPart => ({
  sql: `((${day.sql})::timestamp at time zone ${zone.sql})`,
  params: [...day.params, ...zone.params],
});

/** The date in `zone` of the instant the SQL expression `instant` holds (`todayIn` of that instant). */
export const localDateOf = (instant: string, zone: SqlPart): SqlPart => ({
  sql: `(${instant} at time zone ${zone.sql})::date`,
  params: zone.params,
});
