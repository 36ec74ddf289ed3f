// The README's production recipe, run as a reader would (bash in an empty folder), then the compose
// file rendered with the .env it wrote — Docker is not needed to see a literal `$(openssl …)` secret —
// and the Caddyfile that balances its two app replicas (Docker and Caddy are not on this machine).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'tracker-compose-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The first ```sh block of the README's "Production with Docker Compose" section. */
function composeRecipe(readme: string): string {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Production with Docker Compose'));
  const block = section && /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('no sh block in the README section "Production with Docker Compose"');
  return block;
}

function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) env[m[1]!] = m[2]!;
  }
  return env;
}

/** Compose's variable interpolation: ${V}, ${V:-default}, ${V-default}, ${V:?error}, ${V?error}, $$. */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(/\$\$|\$\{([A-Z_][A-Z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g, (all, name: string | undefined, colon: string, op: string, arg: string) => {
    if (!name) return '$';
    const value = env[name];
    const missing = value === undefined || (colon === ':' && value === '');
    if (!missing) return value;
    if (op === '?') throw new Error(`required variable ${name} is missing: ${arg}`);
    return op === '-' ? arg : '';
  });
}

interface Service {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
}

interface Directive {
  name: string;
  args: string[];
  block: Directive[];
}

/** The Caddyfile as nested directives: lines of words, `{ … }` opening a block (comments dropped). */
function parseCaddyfile(text: string): Directive[] {
  const root: Directive[] = [];
  const stack = [root];
  for (const raw of text.split('\n')) {
    const words = raw.replace(/(^|\s)#.*$/, '').trim().split(/\s+/).filter(Boolean);
    if (!words.length) continue;
    if (words[0] === '}') {
      stack.pop();
      if (!stack.length) throw new Error('unbalanced }');
      continue;
    }
    const opens = words.at(-1) === '{';
    const directive: Directive = { name: words[0]!, args: words.slice(1, opens ? -1 : undefined), block: [] };
    stack.at(-1)!.push(directive);
    if (opens) stack.push(directive.block);
  }
  if (stack.length !== 1) throw new Error('unclosed {');
  return root;
}

describe('production recipe (README → .env → docker-compose.yml)', () => {
  const recipe = composeRecipe(readFileSync(path.join(root, 'README.md'), 'utf8'));
  copyFileSync(path.join(root, 'docker-compose.yml'), path.join(dir, 'docker-compose.yml'));
  // `docker` is a stub that records its arguments: only the files the recipe writes are under test.
  writeFileSync(path.join(dir, 'docker'), '#!/bin/sh\necho "$@" >> docker.calls\n', { mode: 0o755 });
  execFileSync('bash', ['-euo', 'pipefail', '-c', recipe], { cwd: dir, env: { PATH: `${dir}:${process.env.PATH}`, HOME: dir } });
  const env = parseEnvFile(readFileSync(path.join(dir, '.env'), 'utf8'));

  it('writes generated secrets, not shell text', () => {
    expect(env.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(env.POSTGRES_PASSWORD).toMatch(/^[0-9a-f]{32}$/);
    expect(env.PUBLIC_URL).toMatch(/^https:\/\//);
    expect(readFileSync(path.join(dir, 'docker.calls'), 'utf8').trim()).toBe('compose up -d --build');
  });

  const render = () =>
    parse(interpolate(readFileSync(path.join(dir, 'docker-compose.yml'), 'utf8'), env)) as {
      services: Record<string, Service>;
      volumes: Record<string, unknown>;
    };

  it('renders a compose file whose services are healthy-checked and wired to that .env', () => {
    const compose = render();
    const { db, app1, app2, proxy } = compose.services;
    expect(Object.keys(compose.services).sort()).toEqual(['app1', 'app2', 'db', 'proxy']);
    for (const service of Object.values(compose.services)) {
      expect(service.healthcheck?.test[0]).toMatch(/^CMD(-SHELL)?$/);
      for (const volume of service.volumes ?? []) if (!volume.startsWith('./')) expect(Object.keys(compose.volumes)).toContain(volume.split(':')[0]);
    }
    // Two identical replicas of one image: same settings, same secret, same database.
    expect(app2).toEqual(app1);
    for (const app of [app1!, app2!]) {
      expect(app.depends_on?.db?.condition).toBe('service_healthy');
      expect(app.environment).toMatchObject({ NODE_ENV: 'production', SESSION_SECRET: env.SESSION_SECRET, PUBLIC_URL: env.PUBLIC_URL, TRUST_PROXY: 'true' });
      // Reached only through the proxy, so X-Forwarded-For is Caddy's and rate limits see client addresses.
      expect(app.ports).toBeUndefined();
    }
    expect(db!.environment?.POSTGRES_PASSWORD).toBe(env.POSTGRES_PASSWORD);
    const url = new URL(app1!.environment!.DATABASE_URL!);
    expect([url.hostname, url.username, url.password, url.pathname]).toEqual(['db', db!.environment!.POSTGRES_USER, env.POSTGRES_PASSWORD, `/${db!.environment!.POSTGRES_DB}`]);

    expect(proxy!.image).toMatch(/^caddy:/);
    expect(proxy!.depends_on).toEqual({ app1: { condition: 'service_healthy' }, app2: { condition: 'service_healthy' } });
    expect(proxy!.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(proxy!.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(proxy!.environment?.PUBLIC_URL).toBe(env.PUBLIC_URL);
  });

  it('has a Caddyfile that balances both replicas without sticky sessions and streams live events', () => {
    const [site, ...others] = parseCaddyfile(readFileSync(path.join(root, 'Caddyfile'), 'utf8'));
    expect(others).toEqual([]);
    expect(site!.name).toBe('{$PUBLIC_URL}');
    const proxies = site!.block.filter((d) => d.name === 'reverse_proxy');
    expect(proxies).toHaveLength(1);
    const appServices = Object.keys(render().services).filter((name) => name.startsWith('app'));
    expect(proxies[0]!.args.sort()).toEqual(appServices.map((name) => `${name}:3000`).sort());
    const options = Object.fromEntries(proxies[0]!.block.map((d) => [d.name, d.args.join(' ')]));
    expect(options).toMatchObject({ flush_interval: '-1', health_uri: '/api/health?scope=web', lb_policy: 'round_robin' });
    // The app compresses; Caddy compressing again would buffer the event stream.
    expect(site!.block.map((d) => d.name)).not.toContain('encode');
  });

  it('refuses to render without the required settings', () => {
    expect(() => interpolate(readFileSync(path.join(dir, 'docker-compose.yml'), 'utf8'), {})).toThrow(/SESSION_SECRET|PUBLIC_URL/);
  });
});
