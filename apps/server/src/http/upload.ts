import type {} from '@fastify/multipart';
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

export interface Upload {
  /** The `image` file's bytes and the name it was sent with (the bytes decide what it is). */
  image: { bytes: Buffer; fileName: string };
  fields: Record<string, string>;
}

/** Reads a multipart upload whole (within the limits above); a missing image is a 400. */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'Send the image as multipart/form-data.', 'UNSUPPORTED_MEDIA_TYPE');
  }
  let image: Upload['image'] | undefined;
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'image') {
        image = { bytes, fileName: parseInput(singleLineTextSchema, part.filename, 'image') };
      }
    } else if (part.valueTruncated) {
      throw new AppError(413, `${part.fieldname}: too large`, 'FIELD_TOO_LARGE');
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (!image) throw new AppError(400, 'image: an image file is required', 'VALIDATION_ERROR');
  return { image, fields };
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
