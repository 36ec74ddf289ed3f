// A real S3 wire-protocol server (s3rver: signed requests checked, objects on disk) for the S3 adapter.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// s3rver's fixed credentials: a request signed with anything else is refused.
const KEY = 'S3RVER';
const SECRET = 'S3RVER';

/** `port`: a given one (to start a store again where the app expects it), else any free one. */
export async function startS3(bucket = 'tracker', port = 0) {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'tracker-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port: actualPort } = await server.run();
  return {
    port: actualPort,
    /** A STORAGE_URL for this bucket, with `prefix` inside it when given. */
    storageUrl: (prefix = '') => `s3+http://${KEY}:${SECRET}@127.0.0.1:${actualPort}/${bucket}${prefix ? `/${prefix}` : ''}?forcePathStyle=true`,
    /** Where s3rver keeps an object's bytes: proof that a file went to the bucket, not elsewhere. */
    objectUrl: (key: string) => `http://127.0.0.1:${actualPort}/${bucket}/${key}`,
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
