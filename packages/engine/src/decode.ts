import { IMAGE_LIMITS } from '@rasma/contract/constants';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { EngineError } from './errors.js';
import type { RgbaImage } from './types.js';
import { fitInFrame, fitInside } from './frame-margin.js';

/**
 * No libvips operation cache: a render decodes each picture once, and the cache (up to 50 MB of
 * pixels by default) kept every decoded picture of a story, its memory growing scene after scene.
 */
sharp.cache(false);

/** Images above this many pixels are refused before their pixels are decoded. */
export const MAX_INPUT_PIXELS = IMAGE_LIMITS.maxPixels;

export interface DecodedImage extends RgbaImage {
  data: Uint8Array;
  /** Size of the source image (after EXIF rotation), before any resize. */
  sourceWidth: number;
  sourceHeight: number;
  placement: Placement;
}

export interface DecodeOptions {
  /** Resize so the long side is this many pixels (even dimensions), keeping the aspect ratio. */
  longSide?: number;
  /**
   * Or: as large as fits in a width x height frame turned to the picture's orientation (in
   * 1920x1080 a 4:3 photo is 1440x1080, a 3:4 one 1080x1440); `shrinkOnly` never enlarges.
   */
  within?: { width: number; height: number; shrinkOnly?: boolean };
  /** Instead: a frame of this size, the picture fitted inside with a margin on white paper. */
  frame?: { width: number; height: number };
}

/** Where the source picture lies in the decoded pixels: x' = left + x * scale (same for y). */
export interface Placement {
  left: number;
  top: number;
  scale: number;
}

/** Reads the header only and checks size limits; throws EngineError on anything that is not an image. */
export async function probeImage(
  input: string | Buffer,
): Promise<{ width: number; height: number }> {
  if (Buffer.isBuffer(input) && input.length === 0) {
    throw new EngineError('NOT_AN_IMAGE', 'The file is empty (0 bytes), not an image.');
  }
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw toDecodeError(error);
  }
  const { width, height } = meta;
  if (!width || !height)
    throw new EngineError('NOT_AN_IMAGE', 'The file is not a readable image (no dimensions).');
  const rotated = (meta.orientation ?? 1) >= 5;
  if (width * height > MAX_INPUT_PIXELS) {
    throw new EngineError(
      'IMAGE_TOO_LARGE',
      `The image is ${width}x${height} (${((width * height) / 1e6).toFixed(1)} megapixels); the limit is ${MAX_INPUT_PIXELS / 1e6} megapixels.`,
    );
  }
  return rotated ? { width: height, height: width } : { width, height };
}

/** Even output size with the image's aspect ratio and the given long side. */
function fitSize(
  width: number,
  height: number,
  longSide: number,
): { width: number; height: number } {
  const scale = longSide / Math.max(width, height);
  const even = (v: number) => Math.max(2, 2 * Math.round((v * scale) / 2));
  return { width: even(width), height: even(height) };
}

/** `DecodeOptions.within`: the frame turned to the picture's orientation. */
function fitWithin(
  source: { width: number; height: number },
  { width, height, shrinkOnly }: NonNullable<DecodeOptions['within']>,
): { width: number; height: number } {
  const [long, short] = [Math.max(width, height), Math.min(width, height)];
  const portrait = source.height > source.width;
  const box = portrait ? { width: short, height: long } : { width: long, height: short };
  const fits = source.width <= box.width && source.height <= box.height;
  return shrinkOnly && fits ? source : fitInside(source, box.width, box.height);
}

/**
 * The video frame of a shape at a size (the long side: 1280, 1920 or 3840 for 720p, 1080p, 4K);
 * undefined for the picture's own proportions.
 */
export function shapeFrame(
  shape: string,
  size: number,
): { width: number; height: number } | undefined {
  const short = 2 * Math.round((size * 9) / 16 / 2);
  switch (shape) {
    case '16:9':
      return { width: size, height: short };
    case '9:16':
      return { width: short, height: size };
    case '1:1':
      return { width: short, height: short };
    default:
      return undefined;
  }
}

/**
 * How a video of a shape at a size decodes its picture: fitted in the shape's frame, or at its
 * own proportions as large as fits in the 16:9 frame of that size turned to its orientation, so
 * "1080p" means 1080 lines as on every screen (a 4:3 photo is 1440x1080, not 1920x1440).
 */
export function videoLayout(shape: string, size: number): DecodeOptions {
  const frame = shapeFrame(shape, size);
  return frame ? { frame } : { within: landscapeFrame(size) };
}

/** A picture never larger than a video's at `size` (its own proportions; smaller ones as they are). */
export function atMostVideoSize(size: number): DecodeOptions {
  return { within: { ...landscapeFrame(size), shrinkOnly: true } };
}

const landscapeFrame = (size: number) => shapeFrame('16:9', size)!;

/**
 * Decodes an image file path or buffer to RGBA bytes (Node only, via sharp), refusing images over
 * 50 megapixels before decoding their pixels. Optionally resizes to a long side.
 */
export async function decodeImage(
  input: string | Buffer,
  options: DecodeOptions = {},
): Promise<DecodedImage> {
  const source = await probeImage(input);
  const frame = options.frame;
  const fitted = frame && fitInFrame(source, frame);
  const target =
    fitted ??
    (options.longSide
      ? fitSize(source.width, source.height, options.longSide)
      : options.within
        ? fitWithin(source, options.within)
        : source);
  const left = fitted?.left ?? 0;
  const top = fitted?.top ?? 0;
  try {
    let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .toColourspace('srgb');
    if (target.width !== source.width || target.height !== source.height) {
      pipeline = pipeline.resize(target.width, target.height, { fit: 'fill', kernel: 'lanczos3' });
    }
    if (frame) {
      pipeline = pipeline.ensureAlpha().extend({
        left,
        top,
        right: frame.width - target.width - left,
        bottom: frame.height - target.height - top,
        background: { r: 255, g: 255, b: 255, alpha: 1 },
      });
    }
    const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      sourceWidth: source.width,
      sourceHeight: source.height,
      placement: { left, top, scale: target.width / source.width },
    };
  } catch (error) {
    throw toDecodeError(error);
  }
}

function toDecodeError(error: unknown): EngineError {
  const message = error instanceof Error ? error.message : String(error);
  if (/ENOENT|no such file|file is missing/i.test(message)) {
    return new EngineError('IO_ERROR', `The image file could not be read: ${message}`, {
      cause: error,
    });
  }
  if (/pixel limit/i.test(message)) {
    return new EngineError(
      'IMAGE_TOO_LARGE',
      `The image is over ${MAX_INPUT_PIXELS / 1e6} megapixels.`,
      { cause: error },
    );
  }
  if (/premature|truncat|end of|corrupt|VipsJpeg|pngload|read error|Invalid/i.test(message)) {
    return new EngineError(
      'NOT_AN_IMAGE',
      `The image file is damaged or truncated (${message.trim()}).`,
      { cause: error },
    );
  }
  return new EngineError('NOT_AN_IMAGE', `The file is not a supported image (${message.trim()}).`, {
    cause: error,
  });
}
