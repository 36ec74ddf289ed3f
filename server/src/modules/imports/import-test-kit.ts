// Helpers for the import tests (not a test file itself): multipart uploads through the real API.
import { expect } from 'vitest';
import type { TestClient, TestResponse } from '../../test/harness.ts';

export async function upload(
  client: TestClient,
  projectId: number,
  options: { file?: string | Uint8Array; fileName?: string; format?: string; mapping?: unknown; dryRun?: boolean; headers?: Record<string, string> },
): Promise<TestResponse> {
  const form = new FormData();
  form.set('format', options.format ?? 'csv');
  if (options.mapping !== undefined) form.set('mapping', typeof options.mapping === 'string' ? options.mapping : JSON.stringify(options.mapping));
  if (options.dryRun) form.set('dryRun', 'true');
  if (options.file !== undefined) form.set('file', new Blob([typeof options.file === 'string' ? options.file : new Uint8Array(options.file)]), options.fileName ?? 'issues.csv');
  const headers: Record<string, string> = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...options.headers };
  const res = await fetch(`${client.baseUrl}/api/projects/${projectId}/imports`, { method: 'POST', body: form, headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
}

/** Polls the import until it ends (succeeded or failed) and returns it. */
export async function finished(client: TestClient, importId: number) {
  let last: any;
  await expect
    .poll(
      async () => {
        last = (await client.get(`/api/imports/${importId}`)).body.import;
        return last.status;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toMatch(/^(succeeded|failed)$/);
  return last;
}
