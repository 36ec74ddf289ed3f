// The server's modules form no folder loop (issue 13: issues↔projects, auth↔users,
// telegram↔notifications and events↔projects were broken up). A loop means two areas that can only be
// understood, changed and tested together; this fails on the first import that closes one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = path.resolve(import.meta.dirname, '../server/src/modules');

/** Which other module folders the non-test files of each module import. */
export function moduleGraph(dir: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const name of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)) {
    const edges = new Set<string>();
    const files = readdirSync(path.join(dir, name), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    for (const file of files) {
      const full = path.join(dir, name, file);
      for (const [, spec] of readFileSync(full, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const target = path.relative(dir, path.resolve(path.dirname(full), spec!)).split(path.sep)[0]!;
        if (target !== name && !target.startsWith('..')) edges.add(target);
      }
    }
    graph.set(name, edges);
  }
  return graph;
}

/** Every loop of the graph, each as the path that closes it (a → b → … → a). */
export function loops(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) {
      const loop = trail.slice(at);
      const start = loop.indexOf([...loop].sort()[0]!);
      found.add([...loop.slice(start), ...loop.slice(0, start), loop[start]].join(' → '));
      return;
    }
    for (const next of graph.get(node) ?? []) walk(next, [...trail, node]);
  };
  for (const node of graph.keys()) walk(node, []);
  return [...found].sort();
}

describe('server module folders', () => {
  it('the loop finder finds a loop and only loops', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(loops(graph)).toEqual(['a → b → c → a']);
    expect(loops(new Map([['a', new Set(['b'])], ['b', new Set<string>()]]))).toEqual([]);
  });

  it('import each other in one direction only', () => {
    const graph = moduleGraph(MODULES);
    expect(graph.get('issues')?.has('projects')).toBe(true); // the scan reads real imports
    expect(loops(graph)).toEqual([]);
  });
});
