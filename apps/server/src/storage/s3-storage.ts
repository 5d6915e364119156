import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BucketAlreadyExists,
  BucketAlreadyOwnedByYou,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
  type BucketLocationConstraint,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BucketLocation } from './storage-url.js';
import { checkKey, isStorageKey, type Storage } from './storage.js';

/**
 * Parts of a multipart upload in flight at once: the uploader holds this many 5 MB parts in memory
 * (a file up to 5 MB goes in one request).
 */
const UPLOAD_QUEUE_SIZE = 2;

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404;

/**
 * An S3-compatible bucket (path-style addressing when an endpoint is given), created when missing.
 * The keys come from the SDK's own chain: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY first.
 */
export async function openS3Storage(location: BucketLocation): Promise<Storage> {
  const { bucket, endpoint, region } = location;
  const client = new S3Client({
    region,
    endpoint,
    forcePathStyle: endpoint !== undefined,
    // Checksums only where S3 requires them: S3-compatible services do not all support the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable service fails a call rather than holding it: no connection within 5 s, or a
    // connection silent for a minute (a stalled transfer), is an error.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 60_000 },
  });
  await ensureBucket(client, location);

  const object = (key: string) => ({ Bucket: bucket, Key: checkKey(key) });
  const store = (key: string, body: Buffer | Readable, contentType: string) =>
    new Upload({
      client,
      params: { ...object(key), Body: body, ContentType: contentType },
      queueSize: UPLOAD_QUEUE_SIZE,
    }).done();
  const get = async (key: string, range?: { start: number; end: number }) => {
    const { Body } = await client.send(
      new GetObjectCommand({
        ...object(key),
        Range: range && `bytes=${range.start}-${range.end}`,
      }),
    );
    if (!(Body instanceof Readable)) throw new Error(`no body for ${key}`);
    return Body;
  };

  return {
    async put(key, data, contentType) {
      await store(key, data, contentType);
    },
    async upload(key, localFile, contentType) {
      await store(key, createReadStream(localFile), contentType);
    },
    async download(key, localFile) {
      await pipeline(await get(key), createWriteStream(localFile, { mode: 0o600 }));
    },
    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand(object(key)))).ContentLength;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    read: get,
    async delete(key) {
      await client.send(new DeleteObjectCommand(object(key)));
    },
    async keysOlderThan(folder, before) {
      const keys: string[] = [];
      const pages = paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: `${folder}/` });
      for await (const page of pages) {
        for (const { Key, LastModified } of page.Contents ?? []) {
          if (Key && isStorageKey(Key) && LastModified && LastModified < before) keys.push(Key);
        }
      }
      return keys;
    },
  };
}

async function ensureBucket(client: S3Client, { bucket, region }: BucketLocation) {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    return;
  } catch (err) {
    if (!isMissing(err)) throw err;
  }
  try {
    await client.send(
      new CreateBucketCommand({
        Bucket: bucket,
        // us-east-1 is S3's default location and must not be named.
        ...(region === 'us-east-1'
          ? {}
          : {
              CreateBucketConfiguration: { LocationConstraint: region as BucketLocationConstraint },
            }),
      }),
    );
  } catch (err) {
    // Another process made it first. Some services (s3rver) say so as "already exists", which on
    // S3 means somebody else's bucket: it is ours when we can reach it.
    if (err instanceof BucketAlreadyExists) {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
      return;
    }
    if (!(err instanceof BucketAlreadyOwnedByYou)) throw err;
  }
}
