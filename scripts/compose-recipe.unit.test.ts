// The README's production recipe, run as a reader would (bash in an empty folder), then the compose
// file rendered with the .env it wrote — Docker is not needed to see a literal `$(openssl …)` secret.
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
  environment?: Record<string, string>;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
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

  it('renders a compose file whose services are healthy-checked and wired to that .env', () => {
    const compose = parse(interpolate(readFileSync(path.join(dir, 'docker-compose.yml'), 'utf8'), env)) as {
      services: Record<string, Service>;
      volumes: Record<string, unknown>;
    };
    const { db, app } = compose.services;
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'db']);
    for (const service of [db!, app!]) {
      expect(service.healthcheck?.test[0]).toMatch(/^CMD(-SHELL)?$/);
      for (const volume of service.volumes ?? []) expect(Object.keys(compose.volumes)).toContain(volume.split(':')[0]);
    }
    expect(app!.depends_on?.db?.condition).toBe('service_healthy');
    expect(app!.environment).toMatchObject({ NODE_ENV: 'production', SESSION_SECRET: env.SESSION_SECRET, PUBLIC_URL: env.PUBLIC_URL });
    expect(db!.environment?.POSTGRES_PASSWORD).toBe(env.POSTGRES_PASSWORD);
    const url = new URL(app!.environment!.DATABASE_URL!);
    expect([url.hostname, url.username, url.password, url.pathname]).toEqual(['db', db!.environment!.POSTGRES_USER, env.POSTGRES_PASSWORD, `/${db!.environment!.POSTGRES_DB}`]);
  });

  it('refuses to render without the required settings', () => {
    expect(() => interpolate(readFileSync(path.join(dir, 'docker-compose.yml'), 'utf8'), {})).toThrow(/SESSION_SECRET|PUBLIC_URL/);
  });
});
