import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { triage } from '@tracker/shared/api/contract/triage';
import { pathsModule } from './contract-paths.ts';

describe('the declarations a production build ships', () => {
  it('are each endpoint\'s method and path, with no schema', async () => {
    const file = fileURLToPath(new URL('../../shared/src/api/contract/triage.ts', import.meta.url));
    const code = await pathsModule(file);
    expect(code).not.toMatch(/import|zod/);
    const shipped = JSON.parse(/export const triage = (.*);$/m.exec(code)![1]!) as Record<string, { method: string; path: string }>;
    expect(shipped).toEqual(Object.fromEntries(Object.entries(triage).map(([k, e]) => [k, { method: e.method, path: e.path }])));
  });
});
