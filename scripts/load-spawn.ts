// Starts scripts/load.ts in a child process with a plan and reads back its result.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadPlan } from './load-mix.ts';
import type { LoadResult } from './load-run.ts';

/** `onPhase` hears the child's phase lines as they come (the measured window's start and end). */
export async function spawnLoad(plan: LoadPlan, onPhase: (phase: 'measuring' | 'done') => void = () => {}): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tracker-load-'));
  const file = path.join(dir, 'plan.json');
  // The plan holds session cookies: readable by this user only, removed afterwards.
  writeFileSync(file, JSON.stringify(plan), { mode: 0o600 });
  try {
    return await new Promise<LoadResult>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(import.meta.dirname, 'load.ts'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
      let pending = '';
      let result: LoadResult | null = null;
      child.stdout.on('data', (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        const lines = pending.split('\n');
        pending = lines.pop()!;
        for (const line of lines.filter(Boolean)) {
          const message = JSON.parse(line) as { phase?: 'measuring' | 'done' } & LoadResult;
          if (message.phase) onPhase(message.phase);
          else result = message;
        }
      });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 && result ? resolve(result) : reject(new Error(`load generator exited with ${code}`))));
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
