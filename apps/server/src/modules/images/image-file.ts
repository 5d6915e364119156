import {
  IMAGE_LIMITS,
  STORAGE_LIMITS,
  UNSUPPORTED_IMAGE_MESSAGE,
  imageFormatOf,
  type ImageFormat,
} from '@rasma/contract';
import { EngineError, probeImage } from '@rasma/engine';
import sharp, { type JpegOptions, type PngOptions, type Raw, type WebpOptions } from 'sharp';
import { AppError } from '../../errors.js';

// Each upload is decoded once: libvips' cache of operations would only hold memory after a burst.
sharp.cache(false);

type StoredFormat = 'jpeg' | 'png' | 'webp';

const STORED_FORMATS: Record<StoredFormat, { mimeType: string; extension: string }> = {
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
  png: { mimeType: 'image/png', extension: 'png' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
};

type Encoding = { format: StoredFormat } & JpegOptions & PngOptions & WebpOptions;

/**
 * How each accepted format is kept (its own format, a GIF's first frame as PNG), as encodings tried
 * in turn until one takes no more bytes than the upload did: a photo saved at a lower quality is not
 * blown up by ours. A GIF has at most 256 colours, so its palette keeps it whole.
 */
const ENCODINGS: Record<ImageFormat, Encoding[]> = {
  jpeg: [92, 85, 75].map((quality) => ({ format: 'jpeg', quality, mozjpeg: true })),
  webp: [92, 80, 70].map((quality) => ({ format: 'webp', quality })),
  png: [
    { format: 'png', compressionLevel: 9 },
    { format: 'png', compressionLevel: 9, adaptiveFiltering: true },
  ],
  gif: [{ format: 'png', compressionLevel: 9, palette: true, colours: 256, dither: 0 }],
};

export interface StoredImage {
  data: Buffer;
  mimeType: string;
  extension: string;
  width: number;
  height: number;
  /** This image's width over the upload's (upright): below 1 when it was shrunk to fit. */
  scale: number;
}

/**
 * Turns uploaded bytes into the image we keep: the type decided from the bytes (JPEG, PNG, WebP, or a
 * GIF's first frame), refused over 50 megapixels from the header before any pixel is decoded, turned
 * upright by its EXIF orientation, shrunk to `longSide` as it is decoded (a stored image to what the
 * largest video needs, a preview's to less) and re-encoded without metadata (no location or camera
 * data kept), in no more bytes than it came in where its format allows.
 */
export async function normalizeImage(
  bytes: Buffer,
  longSide: number = STORAGE_LIMITS.imageLongSide,
): Promise<StoredImage> {
  if (bytes.length === 0) throw new AppError(400, 'The file is empty.', 'EMPTY_FILE');
  const format = imageFormatOf(bytes);
  if (!format) throw new AppError(415, UNSUPPORTED_IMAGE_MESSAGE, 'UNSUPPORTED_MEDIA_TYPE');
  try {
    const upright = await probeImage(bytes);
    const { data: pixels, info } = await sharp(bytes, {
      limitInputPixels: IMAGE_LIMITS.maxPixels,
      // A cut-off file is refused, not kept with grey rows at its bottom.
      failOn: 'truncated',
      pages: 1,
    })
      .rotate()
      .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const data = await smallestEncoding(pixels, raw, ENCODINGS[format], bytes.length);
    const storedAs = ENCODINGS[format][0]!.format;
    return {
      data,
      ...STORED_FORMATS[storedAs],
      width: info.width,
      height: info.height,
      scale: info.width / upright.width,
    };
  } catch (error) {
    throw toUploadError(error);
  }
}

/** The first encoding no larger than `budget` bytes, or the smallest of them all. */
async function smallestEncoding(
  pixels: Buffer,
  raw: Raw,
  encodings: Encoding[],
  budget: number,
): Promise<Buffer> {
  let smallest: Buffer | undefined;
  for (const { format, ...options } of encodings) {
    const encoded = await sharp(pixels, { raw }).toFormat(format, options).toBuffer();
    if (encoded.length <= budget) return encoded;
    if (!smallest || encoded.length < smallest.length) smallest = encoded;
  }
  return smallest!;
}

/** Too many pixels is said as the engine says it; any other failure is a damaged file. */
function toUploadError(error: unknown): AppError {
  if (error instanceof EngineError && error.code === 'IMAGE_TOO_LARGE') {
    return new AppError(413, error.message, 'IMAGE_TOO_LARGE');
  }
  return new AppError(400, 'The image file is damaged or truncated.', 'BAD_IMAGE', {
    cause: error,
  });
}
