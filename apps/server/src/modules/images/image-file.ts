import {
  IMAGE_LIMITS,
  UNSUPPORTED_IMAGE_MESSAGE,
  imageFormatOf,
  type ImageFormat,
} from '@rasma/contract';
import { EngineError, probeImage } from '@rasma/engine';
import sharp from 'sharp';
import { AppError } from '../../errors.js';

// Each upload is decoded once: libvips' cache of operations would only hold memory after a burst.
sharp.cache(false);

type StoredFormat = 'jpeg' | 'png' | 'webp';

const STORED_FORMATS: Record<StoredFormat, { mimeType: string; extension: string }> = {
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
  png: { mimeType: 'image/png', extension: 'png' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
};

/** How each accepted format is kept: its own format, a GIF's first frame as PNG. */
const STORED_AS: Record<ImageFormat, StoredFormat> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'png',
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
 * upright by its EXIF orientation and re-encoded without metadata (no location or camera data kept).
 * With `fitWithin`, shrunk to that long side as it is decoded (a preview needs no more).
 */
export async function normalizeImage(bytes: Buffer, fitWithin?: number): Promise<StoredImage> {
  if (bytes.length === 0) throw new AppError(400, 'The file is empty.', 'EMPTY_FILE');
  const format = imageFormatOf(bytes);
  if (!format) throw new AppError(415, UNSUPPORTED_IMAGE_MESSAGE, 'UNSUPPORTED_MEDIA_TYPE');
  const storedAs = STORED_AS[format];
  try {
    const upright = await probeImage(bytes);
    let pipeline = sharp(bytes, {
      limitInputPixels: IMAGE_LIMITS.maxPixels,
      // A cut-off file is refused, not kept with grey rows at its bottom.
      failOn: 'truncated',
      pages: 1,
    }).rotate();
    if (fitWithin) {
      pipeline = pipeline.resize(fitWithin, fitWithin, { fit: 'inside', withoutEnlargement: true });
    }
    const { data, info } = await pipeline
      .toFormat(storedAs, { quality: 92 })
      .toBuffer({ resolveWithObject: true });
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

/** Too many pixels is said as the engine says it; any other failure is a damaged file. */
function toUploadError(error: unknown): AppError {
  if (error instanceof EngineError && error.code === 'IMAGE_TOO_LARGE') {
    return new AppError(413, error.message, 'IMAGE_TOO_LARGE');
  }
  return new AppError(400, 'The image file is damaged or truncated.', 'BAD_IMAGE', {
    cause: error,
  });
}
