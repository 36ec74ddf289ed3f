// STORAGE_URL: where files go when not in PostgreSQL. One line, like DATABASE_URL:
//   s3://ACCESS_KEY:SECRET@HOST[:PORT]/BUCKET[/PREFIX]?region=REGION&forcePathStyle=true
// `s3://` speaks https, `s3+http://` plain http (a local MinIO). Key and secret are percent-encoded
// (`/` → %2F, `+` → %2B). region defaults to us-east-1; forcePathStyle=true addresses the bucket as
// HOST/BUCKET (MinIO, most self-hosted stores) instead of BUCKET.HOST (AWS's virtual-hosted style).

export interface S3Target {
  /** `https://host[:port]` or `http://…` */
  endpoint: string;
  bucket: string;
  /** Prepended to every key: empty, or ending in `/`. */
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export const STORAGE_URL_FORMAT = 's3://ACCESS_KEY:SECRET@HOST[:PORT]/BUCKET[/PREFIX]?region=REGION&forcePathStyle=true (s3+http:// for plain http)';

export function parseStorageUrl(text: string): S3Target {
  const fail = (why: string): never => {
    throw new Error(`${why}; expected ${STORAGE_URL_FORMAT}`);
  };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('not a URL');
  }
  if (url.protocol !== 's3:' && url.protocol !== 's3+http:') fail(`unknown scheme ${url.protocol}`);
  if (!url.hostname) fail('no host');
  if (!url.username || !url.password) fail('no access key and secret');
  const [bucket, ...rest] = url.pathname.split('/').filter(Boolean);
  if (!bucket) fail('no bucket');
  for (const name of url.searchParams.keys()) if (name !== 'region' && name !== 'forcePathStyle') fail(`unknown parameter ${name}`);
  const pathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') fail('forcePathStyle must be true or false');
  return {
    endpoint: `${url.protocol === 's3:' ? 'https' : 'http'}://${url.host}`,
    bucket: bucket!,
    prefix: rest.length ? `${rest.join('/')}/` : '',
    region: url.searchParams.get('region') || 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    forcePathStyle: pathStyle === 'true',
  };
}
