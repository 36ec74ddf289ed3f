// The one place file bytes live (attachments, avatars, blog images): a store every replica reads,
// PostgreSQL by default or an S3-compatible bucket (STORAGE_URL).
import type { Readable } from 'node:stream';
import { DomainError } from '@tracker/shared/domain-errors';

export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
}

export interface PutOptions {
  contentType: string;
  /** Rejects with TooLargeError, keeping nothing, once the body passes this many bytes. */
  limit?: number;
}

export interface BlobStore {
  /** What it is, for logs and import markers; never credentials. */
  readonly name: string;
  /** Stores the bytes under `key`, replacing any; returns their size. */
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<number>;
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** A body past its limit: every route answers it as 413 with the limit, in the reader's language (http/errors.ts). */
export class TooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`larger than ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
  }
}

/** An upload with no bytes: 400, in the reader's language. */
export const emptyFile = () => new DomainError('invalid', { key: 'errors.files.empty' });

/** Refuses an upload whose declared length is already past `limit`, before reading a byte. */
export function checkDeclaredLength(contentLength: string, limit: number): void {
  if (Number(contentLength || 0) > limit) throw new TooLargeError(limit);
}

/** The store cannot be reached, or answers that it failed (5xx): a request answers 503, like a database outage. */
export class StorageUnavailableError extends Error {}

// Keys are made by the server (a folder, then random hex and fixed names), never taken from a user;
// the check is a second line of defence for the S3 URL and the database.
const KEY = /^[a-z0-9-]+(\/[a-z0-9][a-z0-9.-]*)+$/;

export function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`bad storage key: ${key}`);
  return key;
}

/** The whole body, refusing it once it passes `limit` (files are bounded: 15 MB at most). */
export async function readAll(body: Buffer | Readable, limit = Infinity): Promise<Buffer> {
  if (Buffer.isBuffer(body)) {
    if (body.length > limit) throw new TooLargeError(limit);
    return body;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw new TooLargeError(limit);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
