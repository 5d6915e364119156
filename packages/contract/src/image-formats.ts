import { IMAGE_LIMITS } from './constants.js';
import { orList } from './words.js';

export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** How each format is named to people, in the order they are listed. */
const FORMAT_NAMES: Record<ImageFormat, string> = {
  jpeg: 'JPG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
};

/** The magic bytes at the start of each format's files (`null` matches any byte). */
const SIGNATURES: Record<ImageFormat, readonly (number | null)[]> = {
  jpeg: [0xff, 0xd8, 0xff],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  // "RIFF", a 4-byte size, "WEBP"
  webp: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50],
  gif: [0x47, 0x49, 0x46, 0x38],
};

/** Bytes from the file's start that `imageFormatOf` needs. */
export const IMAGE_SIGNATURE_BYTES = Math.max(...Object.values(SIGNATURES).map((s) => s.length));

/** The format of an image file from its first bytes, never its name or declared type; else null. */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  return (
    IMAGE_FORMATS.find((format) =>
      SIGNATURES[format].every((byte, i) => byte === null || bytes[i] === byte),
    ) ?? null
  );
}

/** "JPG, PNG, WebP or GIF". */
export const IMAGE_FORMAT_NAMES = orList(IMAGE_FORMATS.map((format) => FORMAT_NAMES[format]));
/** 20 (MB, of 1024 * 1024 bytes). */
export const IMAGE_MAX_MEGABYTES = IMAGE_LIMITS.maxBytes / (1024 * 1024);
/** 50. */
export const IMAGE_MAX_MEGAPIXELS = IMAGE_LIMITS.maxPixels / 1_000_000;
/** What an upload may be, in one sentence. */
export const ACCEPTED_IMAGES = `${IMAGE_FORMAT_NAMES} images up to ${IMAGE_MAX_MEGABYTES} MB and ${IMAGE_MAX_MEGAPIXELS} megapixels`;
/** The server's answer to a file that is not one of those images. */
export const UNSUPPORTED_IMAGE_MESSAGE = `Unsupported file type. Please upload a ${IMAGE_FORMAT_NAMES} image.`;
