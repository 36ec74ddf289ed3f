// Files in an S3-compatible bucket (AWS S3, MinIO, Yandex Object Storage, R2…), signed with aws4fetch:
// a few kilobytes over the platform's fetch and Web Crypto, where @aws-sdk/client-s3 brings dozens of
// packages for the four calls used here. The bucket must exist; the server does not create it.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { checkKey, readAll, StorageUnavailableError, type BlobStore } from './blob-store.ts';
import type { S3Target } from './storage-url.ts';

export function s3BlobStore(target: S3Target): BlobStore {
  const client = new AwsClient({ accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey, region: target.region, service: 's3', retries: 3 });
  const base = target.forcePathStyle ? `${target.endpoint}/${target.bucket}` : target.endpoint.replace('://', `://${target.bucket}.`);
  const urlOf = (key: string) => `${base}/${target.prefix}${checkKey(key)}`;

  // aws4fetch has already retried (3 times, from 50 ms) a refused connection or a 5xx by then.
  const send = async (url: string, init?: RequestInit): Promise<Response> => {
    let res: Response;
    try {
      res = await client.fetch(url, init);
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new StorageUnavailableError(`S3 unreachable: ${cause?.code ?? cause?.message ?? String(err)}`, { cause: err });
    }
    if (res.status >= 500) {
      await res.arrayBuffer().catch(() => {});
      throw new StorageUnavailableError(`S3 answered ${res.status}`);
    }
    return res;
  };

  const fail = async (what: string, res: Response): Promise<never> => {
    const detail = (await res.text().catch(() => '')).slice(0, 300);
    throw new Error(`S3 ${what} answered ${res.status}: ${detail}`);
  };

  return {
    name: `s3 ${base}/${target.prefix}`,
    async put(key, body, { contentType, limit }) {
      // S3 needs the length before the body: files are bounded, so they are read whole first.
      const data = await readAll(body, limit);
      const res = await send(urlOf(key), { method: 'PUT', body: data, headers: { 'content-type': contentType } });
      if (!res.ok) await fail(`PUT ${key}`, res);
      await res.arrayBuffer();
      return data.length;
    },
    async get(key) {
      const res = await send(urlOf(key));
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok || !res.body) return fail(`GET ${key}`, res);
      return {
        body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
        size: Number(res.headers.get('content-length')),
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async exists(key) {
      const res = await send(urlOf(key), { method: 'HEAD' });
      if (res.status === 404) return false;
      if (!res.ok) return fail(`HEAD ${key}`, res);
      return true;
    },
    async delete(key) {
      const res = await send(urlOf(key), { method: 'DELETE' });
      if (!res.ok && res.status !== 404) await fail(`DELETE ${key}`, res);
      await res.arrayBuffer();
    },
    async close() {},
  };
}
