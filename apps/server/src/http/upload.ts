import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { IMAGE_LIMITS, singleLineTextSchema } from '@rasma/contract';
import type { ZodType } from 'zod';
import { AppError, parseInput } from '../errors.js';

/** The multipart limits: one image, a few small fields (zones can hold many points). */
export const MULTIPART_LIMITS = {
  fileSize: IMAGE_LIMITS.maxBytes,
  files: 1,
  fields: 8,
  fieldSize: 8 * 1024 * 1024,
  parts: 10,
} as const;

/**
 * Files of an upload written to disk as they arrive rather than kept in memory (audio, up to
 * `AUDIO_LIMITS.maxBytes`; a story's pictures), each refused as soon as it passes `maxBytes`.
 */
export interface DiskFiles {
  /** Whether a file field is one of these. */
  accepts: (field: string) => boolean;
  /** How many of them an upload may hold. */
  maxFiles: number;
  /** Where they go: the caller's folder (`withUploadFolder`), which it removes. */
  folder: string;
  maxBytes: number;
  /** The answer to a file over `maxBytes`. */
  tooLarge: () => Error;
}

/** The answer to an image over `IMAGE_LIMITS.maxBytes`, as the multipart parser gives it. */
export const imageTooLarge = (request: FastifyRequest) => () =>
  new request.server.multipartErrors.RequestFileTooLargeError();

/** A file written to disk as it arrived. */
export interface ReceivedFile {
  path: string;
  /** The name it was sent with (the bytes decide what it is). */
  fileName: string;
}

export interface Upload {
  /** The `image` file's bytes and the name it was sent with (the bytes decide what it is). */
  image: { bytes: Buffer; fileName: string };
  fields: Record<string, string>;
}

/** An upload whose files went to disk. */
export interface DiskUpload {
  fields: Record<string, string>;
  /** The `DiskFiles` fields that were sent, by name. */
  files: Partial<Record<string, ReceivedFile>>;
}

/** The answer to an upload without its `image` file. */
export const imageRequired = () =>
  new AppError(400, 'image: an image file is required', 'VALIDATION_ERROR');

/**
 * Reads a multipart upload (within the limits above): the image whole into memory. A missing image
 * is a 400.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  const { image, fields } = await readParts(request, { image: true, disk: [] });
  if (!image) throw imageRequired();
  return { image, fields };
}

/**
 * Reads a multipart upload of files written to disk only (no image in memory: an `image` field is
 * one of `disk`'s, or ignored).
 */
export async function readDiskUpload(
  request: FastifyRequest,
  ...disk: DiskFiles[]
): Promise<DiskUpload> {
  const { fields, files } = await readParts(request, { image: false, disk });
  return { fields, files };
}

async function readParts(
  request: FastifyRequest,
  { image: withImage, disk }: { image: boolean; disk: DiskFiles[] },
): Promise<Partial<Upload> & DiskUpload> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'Send the file as multipart/form-data.', 'UNSUPPORTED_MEDIA_TYPE');
  }
  // The parser lets each file through to one byte past the largest limit, and each kind of file is
  // held to its own as it arrives (`upTo`): files to disk may be larger than an image.
  const files = disk.reduce((sum, kind) => sum + kind.maxFiles, withImage ? 1 : 0);
  const limits = {
    fileSize: Math.max(IMAGE_LIMITS.maxBytes, ...disk.map((kind) => kind.maxBytes)) + 1,
    ...(disk.length > 0 && { files, parts: MULTIPART_LIMITS.fields + files }),
  };
  let image: Upload['image'] | undefined;
  const fields: Record<string, string> = {};
  const received: DiskUpload['files'] = {};
  for await (const part of request.parts({ limits })) {
    if (part.type === 'file') {
      const fileName = () => parseInput(singleLineTextSchema, part.filename, part.fieldname);
      const kind = disk.find((candidate) => candidate.accepts(part.fieldname));
      if (kind) {
        const file = { path: path.join(kind.folder, part.fieldname), fileName: fileName() };
        await pipeline(
          upTo(part, kind.maxBytes, kind.tooLarge),
          createWriteStream(file.path, { mode: 0o600 }),
        );
        received[part.fieldname] = file;
      } else if (withImage && part.fieldname === 'image') {
        const name = fileName();
        const chunks: Buffer[] = [];
        for await (const chunk of upTo(part, IMAGE_LIMITS.maxBytes, imageTooLarge(request))) {
          chunks.push(chunk);
        }
        image = { bytes: Buffer.concat(chunks), fileName: name };
      } else {
        await finished(part.file.resume());
      }
    } else if (part.valueTruncated) {
      throw new AppError(413, `${part.fieldname}: too large`, 'FIELD_TOO_LARGE');
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { image, fields, files: received };
}

/** A file part's bytes, refused with `tooLarge` as soon as they pass `maxBytes`. */
async function* upTo(
  part: MultipartFile,
  maxBytes: number,
  tooLarge: () => Error,
): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > maxBytes) throw tooLarge();
    yield chunk;
  }
}

/** Upload folders' names start with this (the retention clean-up removes old ones). */
export const UPLOAD_TEMP_PREFIX = 'rasma-upload-';

/** Runs `work` with a private temporary folder for an upload's files, removed afterwards. */
export async function withUploadFolder<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(tmpdir(), UPLOAD_TEMP_PREFIX));
  try {
    return await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A JSON field of a multipart upload, parsed with its contract schema (400 naming the field). */
export function parseJsonField<T>(
  fields: Record<string, string>,
  name: string,
  schema: ZodType<T>,
): T {
  const raw = fields[name];
  let value: unknown;
  try {
    value = raw === undefined ? undefined : JSON.parse(raw);
  } catch {
    throw new AppError(400, `${name}: not valid JSON`, 'VALIDATION_ERROR');
  }
  return parseInput(schema, value, name);
}

/** The title of an upload (a video's, a project's): the file's name without its extension, never empty. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/\.[^.]*$/, '').trim();
  return (base || 'Untitled').slice(0, 200);
}
