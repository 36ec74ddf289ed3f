import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { parseStorageUrl } from './storage-url.ts';

describe('STORAGE_URL', () => {
  it('reads an https endpoint, virtual-hosted by default, with percent-encoded credentials', () => {
    expect(parseStorageUrl('s3://AKIA%2Fx:se%2Bcr%2Fet@storage.yandexcloud.net/tracker-files?region=ru-central1')).toEqual({
      endpoint: 'https://storage.yandexcloud.net',
      bucket: 'tracker-files',
      prefix: '',
      region: 'ru-central1',
      accessKeyId: 'AKIA/x',
      secretAccessKey: 'se+cr/et',
      forcePathStyle: false,
    });
  });

  it('reads plain http, a port, a key prefix and path-style addressing; region defaults to us-east-1', () => {
    expect(parseStorageUrl('s3+http://minio:minio123@minio:9000/files/tracker/prod?forcePathStyle=true')).toMatchObject({
      endpoint: 'http://minio:9000',
      bucket: 'files',
      prefix: 'tracker/prod/',
      region: 'us-east-1',
      forcePathStyle: true,
    });
  });

  it.each([
    ['https://k:s@host/bucket', /unknown scheme/],
    ['s3://host/bucket', /no access key/],
    ['s3://k:s@host', /no bucket/],
    ['s3://k:s@host/b?pathStyle=1', /unknown parameter pathStyle/],
    ['s3://k:s@host/b?forcePathStyle=yes', /true or false/],
    ['not a url', /not a URL/],
  ])('refuses %s, showing the expected format', (url, why) => {
    expect(() => parseStorageUrl(url)).toThrow(why);
    expect(() => parseStorageUrl(url)).toThrow(/s3:\/\/ACCESS_KEY:SECRET@HOST/);
  });

  it('is checked with the rest of the configuration at start', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'x'.repeat(32), STORAGE_URL: 's3://host/bucket' })).toThrow(/STORAGE_URL: no access key/);
    expect(loadConfig({ SESSION_SECRET: 'x'.repeat(32), STORAGE_URL: 's3://k:s@host/b' }).STORAGE_URL).toBe('s3://k:s@host/b');
  });
});
