// The embedded PostgreSQL is reached through its Unix socket (cheaper per statement than loopback
// TCP), and through TCP when the socket's path would not fit the system's limit.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function serverAddress(dataDir: string) {
  folders.push(dataDir);
  const db = await startEmbeddedPostgres(dataDir, { throwaway: true });
  try {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ address: string | null }>('select inet_server_addr()::text as address');
      return { url: db.url, address: rows[0]!.address };
    } finally {
      await client.end();
    }
  } finally {
    await db.stop();
  }
}

describe('embedded PostgreSQL connection', () => {
  it('goes through the Unix socket in its data folder', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pgs-'));
    const { url, address } = await serverAddress(dir);
    expect(decodeURIComponent(new URL(url).hostname)).toBe(path.join(dir, 'pg'));
    expect(address).toBeNull();
  });

  it('goes through TCP when the socket path would be too long', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `pgs-${'long-folder-name-'.repeat(5)}`));
    const { url, address } = await serverAddress(dir);
    expect(new URL(url).hostname).toBe('127.0.0.1');
    expect(address).toBe('127.0.0.1/32');
  });
});
