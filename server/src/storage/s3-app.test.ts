// The app with STORAGE_URL set: uploads go to the bucket (over the S3 wire protocol), none to PostgreSQL.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssue, createProject, createUser, type TestUser } from '../test/fixtures.ts';
import { createTestServer, type TestServer } from '../test/harness.ts';
import { startS3 } from '../test/s3.ts';
import { freePort } from '../db/embedded.ts';
import { holdPort } from '../test/held-port.ts';
import { createBlobStore } from './index.ts';

let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestServer;
let user: TestUser;
beforeAll(async () => {
  s3 = await startS3();
  t = await createTestServer({ STORAGE_URL: s3.storageUrl('tracker') });
  user = await createUser(t);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('STORAGE_URL', () => {
  it('keeps attachments in the bucket and serves them back byte for byte', async () => {
    const project = await createProject(t, { ownerId: user.id });
    const issue = await createIssue(t, project);
    const bytes = randomBytes(300_000);
    const up = await user.client.request('POST', `/api/issues/${issue.id}/attachments`, {
      body: bytes as unknown as string,
      headers: { 'content-type': 'application/pdf', 'x-file-name': 'scan.pdf' },
    });
    expect(up.status).toBe(201);
    const [row] = await t.sql<{ storage_key: string }>('select storage_key from attachments where id = ?', [up.body.attachment.id]);
    const bucket = createBlobStore({ databaseUrl: t.databaseUrl, storageUrl: s3.storageUrl() });
    expect(await bucket.exists(`tracker/attachments/${row!.storage_key}`)).toBe(true);
    expect(await t.sql('select key from blobs')).toEqual([]);

    const down = await fetch(`${t.url}/api/attachments/${up.body.attachment.id}`, { headers: { cookie: [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect([down.status, down.headers.get('content-type'), down.headers.get('content-length')]).toEqual([200, 'application/pdf', String(bytes.length)]);
    expect(Buffer.from(await down.arrayBuffer()).equals(bytes)).toBe(true);

    expect((await user.client.request('DELETE', `/api/attachments/${up.body.attachment.id}`)).status).toBe(204);
    expect(await bucket.exists(`tracker/attachments/${row!.storage_key}`)).toBe(false);
  });

  it('answers 503 with Retry-After, as for a database outage, while the bucket cannot be reached, and works again once it is back', async () => {
    const port = await freePort();
    const refusing = await holdPort(port);
    const away = await createTestServer({ STORAGE_URL: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/tracker?forcePathStyle=true` });
    try {
      const owner = await createUser(away);
      const project = await createProject(away, { ownerId: owner.id });
      const issue = await createIssue(away, project);
      const upload = () =>
        owner.client.request('POST', `/api/issues/${issue.id}/attachments`, { body: 'report' as unknown as string, headers: { 'content-type': 'text/plain', 'x-file-name': 'r.txt' } });
      const down = await upload();
      expect([down.status, down.headers.get('retry-after')]).toEqual([503, '2']);
      expect(down.body).toMatchObject({ statusCode: 503, data: { code: 'service_unavailable', retryAfter: 2 } });
      // Nothing was written.
      expect(await away.sql('select id from attachments')).toEqual([]);

      await refusing.release();
      const back = await startS3('tracker', port);
      try {
        const up = await upload();
        expect(up.status).toBe(201);
      } finally {
        await back.close();
      }
    } finally {
      await refusing.release();
      await away.close();
    }
  });
});
