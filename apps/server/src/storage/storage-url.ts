/** A bucket as STORAGE_URL names it: `s3://BUCKET?endpoint=URL&region=REGION`. */
export interface BucketLocation {
  bucket: string;
  /** An S3-compatible service's address (then path-style addressing); unset, AWS S3. */
  endpoint: string | undefined;
  region: string;
}

export class StorageUrlError extends Error {}

/** S3's bucket naming rules: 3-63 lower-case letters, digits, dots and hyphens. */
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION_PATTERN = /^[a-z0-9-]+$/;
/** Without `region`: the one S3-compatible services answer to by default. */
const DEFAULT_REGION = 'us-east-1';
const PARAMETERS = ['endpoint', 'region'];
const FORM = 's3://BUCKET?endpoint=URL&region=REGION';

/** Parses STORAGE_URL; throws StorageUrlError saying what is wrong with it. */
export function parseStorageUrl(value: string): BucketLocation {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StorageUrlError(`STORAGE_URL must look like ${FORM}`);
  }
  if (url.protocol !== 's3:') throw new StorageUrlError(`STORAGE_URL must be ${FORM}`);
  if (url.username || url.password) {
    throw new StorageUrlError(
      'STORAGE_URL must not hold keys: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    );
  }
  if (!BUCKET_PATTERN.test(url.hostname) || url.port || !['', '/'].includes(url.pathname)) {
    throw new StorageUrlError(
      `STORAGE_URL must name a bucket (3-63 lower-case letters, digits, dots and hyphens): ${FORM}`,
    );
  }
  const unknown = [...url.searchParams.keys()].filter((name) => !PARAMETERS.includes(name));
  if (unknown.length > 0) {
    throw new StorageUrlError(
      `STORAGE_URL takes only endpoint and region, not ${unknown.join(', ')}`,
    );
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/?#]+\/?$/.test(endpoint)) {
    throw new StorageUrlError(
      'STORAGE_URL endpoint must be an http:// or https:// address (scheme, host and port)',
    );
  }
  const region = url.searchParams.get('region') ?? DEFAULT_REGION;
  if (!REGION_PATTERN.test(region)) {
    throw new StorageUrlError('STORAGE_URL region must be a region name such as eu-west-1');
  }
  return { bucket: url.hostname, endpoint, region };
}
