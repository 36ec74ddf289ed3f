// The bench's load generator, run as its own process so it never shares the server's event loop:
// `node scripts/load.ts <plan.json>` runs the mixed load of scripts/load-run.ts and prints a line as each phase starts
// (`{"phase":…}`) and the result as the last line.
import { readFileSync } from 'node:fs';
import type { LoadPlan } from './load-mix.ts';
import { runLoad } from './load-run.ts';

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadPlan;
const result = await runLoad(plan, (phase) => console.log(JSON.stringify({ phase })));
console.log(JSON.stringify(result));
