// A fresh clone on the README's minimum Node must install without an EBADENGINE warning.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface LockPackage {
  engines?: { node?: string } | string[];
  optional?: boolean;
}

describe('supported Node version', () => {
  const readmeMin = /Node\.js ≥ (\d+(?:\.\d+){0,2})/.exec(read('README.md'))?.[1];
  const minimum = semver.coerce(readmeMin)!.version;

  it('is the same in the README and in package.json engines', () => {
    expect(readmeMin).toBeDefined();
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(semver.minVersion(engines)?.version).toBe(minimum);
  });

  it('satisfies every installed dependency’s engines (npm checks them against the Node that runs npm)', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockPackage> };
    const refused = Object.entries(lock.packages)
      .filter(([, pkg]) => !pkg.optional && !Array.isArray(pkg.engines) && pkg.engines?.node)
      .filter(([, pkg]) => !semver.satisfies(minimum, (pkg.engines as { node: string }).node))
      .map(([name, pkg]) => `${name || '(root)'} ${(pkg.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });
});
