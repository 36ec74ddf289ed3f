// One contract, both adapters: PostgreSQL (the default) and S3 over the wire against s3rver.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.ts';
import { startS3 } from '../test/s3.ts';
import { readAll, TooLargeError, type BlobStore } from './blob-store.ts';
import { createBlobStore } from './index.ts';
import { CHUNK_BYTES } from './postgres-store.ts';

let s3: Awaited<ReturnType<typeof startS3>>;
const stores: Record<string, BlobStore> = {};
beforeAll(async () => {
  s3 = await startS3();
  const databaseUrl = await createTestDatabase();
  stores.postgresql = createBlobStore({ databaseUrl });
  stores.s3 = createBlobStore({ databaseUrl, storageUrl: s3.storageUrl('some/prefix') });
});
afterAll(async () => {
  for (const store of Object.values(stores)) await store.close();
  await s3.close();
});

const key = (folder = 'attachments') => `${folder}/${randomBytes(16).toString('hex')}`;
const streamOf = (bytes: Buffer) => Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]);

describe.each(['postgresql', 's3'])('%s file store', (kind) => {
  const store = () => stores[kind]!;

  it('keeps bytes, size and content type; a stream or a buffer', async () => {
    const bytes = randomBytes(70_000);
    const a = key();
    const b = key('avatars');
    expect(await store().exists(a)).toBe(false);
    expect(await store().put(a, streamOf(bytes), { contentType: 'application/pdf' })).toBe(bytes.length);
    expect(await store().put(b, bytes, { contentType: 'image/webp' })).toBe(bytes.length);
    for (const [k, type] of [[a, 'application/pdf'], [b, 'image/webp']] as const) {
      const file = (await store().get(k))!;
      expect([file.size, file.contentType]).toEqual([bytes.length, type]);
      expect((await readAll(file.body)).equals(bytes)).toBe(true);
      expect(await store().exists(k)).toBe(true);
    }
  });

  it('streams a file larger than one read slice back whole', async () => {
    const bytes = randomBytes(CHUNK_BYTES * 2 + 12_345);
    const k = key();
    await store().put(k, streamOf(bytes), { contentType: 'application/zip', limit: bytes.length });
    const file = (await store().get(k))!;
    expect(file.size).toBe(bytes.length);
    expect((await readAll(file.body)).equals(bytes)).toBe(true);
  });

  it('refuses a body past its limit and keeps nothing of it', async () => {
    const k = key();
    await expect(store().put(k, streamOf(randomBytes(5000)), { contentType: 'text/plain', limit: 4999 })).rejects.toBeInstanceOf(TooLargeError);
    expect(await store().exists(k)).toBe(false);
    expect(await store().get(k)).toBeNull();
  });

  it('replaces under the same key, deletes, and deleting twice is fine', async () => {
    const k = key();
    await store().put(k, Buffer.from('first'), { contentType: 'text/plain' });
    await store().put(k, Buffer.from('second!'), { contentType: 'text/markdown' });
    const file = (await store().get(k))!;
    expect([file.size, file.contentType, (await readAll(file.body)).toString()]).toEqual([7, 'text/markdown', 'second!']);
    await store().delete(k);
    await store().delete(k);
    expect(await store().get(k)).toBeNull();
    expect(await store().exists(k)).toBe(false);
  });

  it('refuses keys the server never makes', async () => {
    for (const bad of ['../etc/passwd', 'attachments/../x', 'Attachments/x', 'noslash', 'a/b?c']) {
      await expect(store().put(bad, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/bad storage key/);
    }
  });
});

describe('the S3 adapter', () => {
  it('writes into the bucket under its prefix, signed: an unknown access key is refused', async () => {
    const k = key();
    await stores.s3!.put(k, Buffer.from('in the bucket'), { contentType: 'text/plain' });
    const direct = createBlobStore({ databaseUrl: 'postgres://unused', storageUrl: s3.storageUrl() });
    expect(await direct.exists(`some/prefix/${k}`)).toBe(true);
    expect(await direct.exists(k)).toBe(false);
    // s3rver parses the SigV4 Authorization header and checks its key (not the signature itself).
    const forged = createBlobStore({ databaseUrl: 'postgres://unused', storageUrl: s3.storageUrl().replace('S3RVER:S3RVER', 'SOMEONE:S3RVER') });
    await expect(forged.get(`some/prefix/${k}`)).rejects.toThrow(/403/);
  });
});
