import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { parseStorageUrl } from './storage-url.js';

describe('STORAGE_URL', () => {
  it('names a bucket, an endpoint and a region', () => {
    expect(
      parseStorageUrl('s3://rasma-files?endpoint=http://127.0.0.1:9000&region=eu-west-1'),
    ).toEqual({ bucket: 'rasma-files', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1' });
    // AWS S3 itself, in the default region.
    expect(parseStorageUrl('s3://rasma.files')).toEqual({
      bucket: 'rasma.files',
      endpoint: undefined,
      region: 'us-east-1',
    });
  });

  it.each([
    ['rasma-files', /must look like s3:\/\/BUCKET/],
    ['https://rasma-files', /must be s3:\/\/BUCKET/],
    ['s3://key:secret@rasma-files', /must not hold keys: set AWS_ACCESS_KEY_ID/],
    ['s3://Rasma_Files', /must name a bucket/],
    ['s3://ab', /must name a bucket/],
    ['s3://rasma-files/videos', /must name a bucket/],
    ['s3://rasma-files:9000', /must name a bucket/],
    ['s3://rasma-files?endpoint=127.0.0.1:9000', /endpoint must be an http:\/\/ or https:\/\//],
    ['s3://rasma-files?endpoint=http://host/path', /endpoint must be/],
    ['s3://rasma-files?region=EU%20West', /region must be a region name/],
    ['s3://rasma-files?bucket=other', /takes only endpoint and region, not bucket/],
  ])('refuses %s', (value, message) => {
    expect(() => parseStorageUrl(value)).toThrow(message);
  });

  it('is checked with the rest of the environment at start', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-config-'));
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    expect(() => loadConfig({ DATA_DIR: dataDir, STORAGE_URL: 's3://ab' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, STORAGE_URL: 's3://ab' })).toThrow(
      /STORAGE_URL: STORAGE_URL must name a bucket/,
    );
    expect(loadConfig({ DATA_DIR: dataDir, STORAGE_URL: 's3://rasma-files' }).storageUrl).toBe(
      's3://rasma-files',
    );
    expect(loadConfig({ DATA_DIR: dataDir }).storageUrl).toBeUndefined();
  });
});
