import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/**
 * The key s3rver knows. It checks the key, not the signature, so the secret can be anything; the
 * server and the tests take both from the environment, as in production.
 */
const TEST_KEY = 'S3RVER';
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface S3TestServer {
  endpoint: string;
  /** STORAGE_URL for a new, uniquely named bucket (the storage creates it). */
  newStorageUrl(): string;
  /** A client of our own, to look into a bucket without the code under test. */
  client: S3Client;
  /** Every key in `bucket`, sorted. */
  keys(bucket: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a loopback port, over a temp folder, in a process of its
 * own: its continuation tokens (listings longer than a page) use DES, which Node's OpenSSL 3 has
 * only with the legacy provider.
 */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'rasma-s3-test-'));
  const child = fork(path.join(import.meta.dirname, 's3-server-process.ts'), [directory], {
    execArgv: ['--openssl-legacy-provider', '--import', tsxLoader],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [{ port }] = (await once(child, 'message')) as [{ port: number }];
  const keys = { AWS_ACCESS_KEY_ID: TEST_KEY, AWS_SECRET_ACCESS_KEY: TEST_KEY };
  Object.assign(process.env, keys);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true });
  return {
    endpoint,
    newStorageUrl: () =>
      `s3://rasma-${randomBytes(6).toString('hex')}?endpoint=${endpoint}&region=us-east-1`,
    client,
    async keys(bucket) {
      const { Contents = [] } = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return Contents.map(({ Key }) => Key ?? '').sort();
    },
    async close() {
      client.destroy();
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
      for (const name of Object.keys(keys)) delete process.env[name];
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The bucket a STORAGE_URL names. */
export const bucketOf = (storageUrl: string) => new URL(storageUrl).hostname;
