// Cycle and milestone values, without zod: screens of the light start read them.
/** The longest cadence, in weeks. */
export const CYCLE_MAX_WEEKS = 4;
/** The longest cycle made by hand, in days. */
export const CYCLE_MAX_DAYS = CYCLE_MAX_WEEKS * 7;
/** Upcoming cycles a cadence keeps made ahead of the current one. */
export const CYCLES_AHEAD = 2;
/** Ended cycles the velocity chart shows. */
export const VELOCITY_CYCLES = 6;
