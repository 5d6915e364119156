import { EngineError, MAX_INPUT_PIXELS, probeImage } from '@rasma/engine';
import sharp from 'sharp';
import { AppError } from '../../errors.js';

// Each upload is decoded once: libvips' cache of operations would only hold memory after a burst.
sharp.cache(false);

/** The upload limit (spec 2.9 advises under 10 MB; we take up to 20). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

type StoredFormat = 'jpeg' | 'png' | 'webp';

interface ImageKind {
  /** The magic bytes at the start of the file (`null` matches any byte). */
  signature: readonly (number | null)[];
  /** How it is kept: its own format, a GIF's first frame as PNG. */
  storedAs: StoredFormat;
}

const STORED_FORMATS: Record<StoredFormat, { mimeType: string; extension: string }> = {
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
  png: { mimeType: 'image/png', extension: 'png' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
};

/** What we accept, recognised by the file's own first bytes, never by its name or declared type. */
const IMAGE_KINDS: readonly ImageKind[] = [
  { storedAs: 'jpeg', signature: [0xff, 0xd8, 0xff] },
  { storedAs: 'png', signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // "RIFF", a 4-byte size, "WEBP"
  {
    storedAs: 'webp',
    signature: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50],
  },
  { storedAs: 'png', signature: [0x47, 0x49, 0x46, 0x38] },
];

export interface StoredImage {
  data: Buffer;
  mimeType: string;
  extension: string;
  width: number;
  height: number;
  /** This image's width over the upload's (upright): below 1 when it was shrunk to fit. */
  scale: number;
}

const detectKind = (bytes: Buffer) =>
  IMAGE_KINDS.find(({ signature }) =>
    signature.every((byte, i) => byte === null || bytes[i] === byte),
  );

/**
 * Turns uploaded bytes into the image we keep: the type decided from the bytes (JPEG, PNG, WebP, or a
 * GIF's first frame), refused over 50 megapixels from the header before any pixel is decoded, turned
 * upright by its EXIF orientation and re-encoded without metadata (no location or camera data kept).
 * With `fitWithin`, shrunk to that long side as it is decoded (a preview needs no more).
 */
export async function normalizeImage(bytes: Buffer, fitWithin?: number): Promise<StoredImage> {
  if (bytes.length === 0) throw new AppError(400, 'The file is empty.', 'EMPTY_FILE');
  const kind = detectKind(bytes);
  if (!kind) {
    throw new AppError(
      415,
      'Unsupported file type. Please upload a JPG, PNG, WebP or GIF image.',
      'UNSUPPORTED_MEDIA_TYPE',
    );
  }
  try {
    const upright = await probeImage(bytes);
    let pipeline = sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      // A cut-off file is refused, not kept with grey rows at its bottom.
      failOn: 'truncated',
      pages: 1,
    }).rotate();
    if (fitWithin) {
      pipeline = pipeline.resize(fitWithin, fitWithin, { fit: 'inside', withoutEnlargement: true });
    }
    const { data, info } = await pipeline
      .toFormat(kind.storedAs, { quality: 92 })
      .toBuffer({ resolveWithObject: true });
    return {
      data,
      ...STORED_FORMATS[kind.storedAs],
      width: info.width,
      height: info.height,
      scale: info.width / upright.width,
    };
  } catch (error) {
    throw toUploadError(error);
  }
}

function toUploadError(error: unknown): unknown {
  if (!(error instanceof EngineError)) {
    return new AppError(400, 'The image file is damaged or truncated.', 'BAD_IMAGE', {
      cause: error,
    });
  }
  if (error.code === 'IMAGE_TOO_LARGE') return new AppError(413, error.message, 'IMAGE_TOO_LARGE');
  return new AppError(400, 'The image file is damaged or truncated.', 'BAD_IMAGE', {
    cause: error,
  });
}
