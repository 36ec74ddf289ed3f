import type { BlobStore } from './blob-store.ts';
import { postgresBlobStore } from './postgres-store.ts';
import { s3BlobStore } from './s3-store.ts';
import { parseStorageUrl } from './storage-url.ts';

export { checkDeclaredLength, checkKey, emptyFile, readAll, StorageUnavailableError, TooLargeError, type BlobStore, type StoredFile } from './blob-store.ts';
export { importDataDir } from './import-data-dir.ts';

/** The S3-compatible bucket when STORAGE_URL is set, else the application's own PostgreSQL. */
export function createBlobStore(options: { storageUrl?: string; databaseUrl: string }): BlobStore {
  return options.storageUrl ? s3BlobStore(parseStorageUrl(options.storageUrl)) : postgresBlobStore(options.databaseUrl);
}
