import { imageFormatOf } from '@rasma/contract/image-formats';
import { imageSize, type ImageSize } from '@/features/upload/image-size';
import { STORAGE_LIMITS } from '@/lib/contract';

/** The quality of an image made smaller as a JPEG. */
const JPEG_QUALITY = 0.92;

/**
 * The size an image is worked on at: its long side at most `longSide`, in proportion; null when it
 * is that small already.
 */
export function fittedSize(
  { width, height }: ImageSize,
  longSide: number = STORAGE_LIMITS.imageLongSide,
): ImageSize | null {
  const scale = longSide / Math.max(width, height);
  if (scale >= 1) return null;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * The image as the workspace works on it: one larger than the server keeps
 * (`STORAGE_LIMITS.imageLongSide`) is made that size here, upright, before anything uses it, so
 * zones and stroke edits are in the pixels the project keeps. Its name stays; it becomes a JPEG, or
 * a PNG when it has transparency. A smaller image is the same file; one the browser cannot make
 * smaller is kept as it is (the server makes it smaller).
 */
export async function fitImage(file: File): Promise<File> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const format = imageFormatOf(bytes);
  // The header's long side is the upright one's too: turning swaps width and height.
  const size = format && imageSize(bytes, format);
  if (!size || !fittedSize(size)) return file;
  try {
    return await shrink(file, format === 'jpeg');
  } catch {
    return file;
  }
}

async function shrink(file: File, opaque: boolean): Promise<File> {
  const upright = await uprightSize(file);
  const { width, height } = fittedSize(upright) ?? upright;
  // The resize is of the upright image, so its size must be the upright one's.
  const bitmap = await createImageBitmap(file, {
    imageOrientation: 'from-image',
    resizeWidth: width,
    resizeHeight: height,
    resizeQuality: 'high',
  });
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: !opaque });
  if (!context) throw new Error('no 2D canvas');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const type =
    opaque || isOpaque(context.getImageData(0, 0, width, height).data) ? 'image/jpeg' : 'image/png';
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, type, JPEG_QUALITY),
  );
  if (!blob) throw new Error('the canvas gave no image');
  return new File([blob], file.name, { type });
}

/** The image's size as shown, turned as its EXIF orientation says (an `<img>` reads no pixels). */
function uprightSize(file: File): Promise<ImageSize> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  return new Promise<ImageSize>((resolve, reject) => {
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('the image could not be read'));
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

function isOpaque(rgba: Uint8ClampedArray): boolean {
  for (let alpha = 3; alpha < rgba.length; alpha += 4) if (rgba[alpha] !== 255) return false;
  return true;
}
