// rrule ships an ES module (bundlers take its `module` field) and a UMD bundle (Node takes its
// `main`, whose named exports Node cannot see): take the library from whichever arrived.
import * as rruleModule from 'rrule';

type Lib = typeof rruleModule;
const lib: Lib = (Reflect.get(rruleModule, 'default') as Lib | undefined)?.RRule ? (Reflect.get(rruleModule, 'default') as Lib) : rruleModule;

export const { RRule, rrulestr, Frequency } = lib;
export type { Options, Weekday } from 'rrule';
export type RRuleInstance = InstanceType<Lib['RRule']>;
