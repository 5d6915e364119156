import { IMAGE_LIMITS } from '@rasma/contract/constants';
import { ACCEPTED_IMAGES, IMAGE_FORMAT_NAMES, imageFormatOf } from '@rasma/contract/image-formats';
import { imageSize } from './image-size';

const MEGABYTE = 1024 * 1024;
const oneDecimal = (n: number) => n.toFixed(1).replace(/\.0$/, '');

/**
 * Why a file cannot be turned into a video, in a sentence that names the file and says what is
 * accepted; null for an image the server takes. Decided in the browser from the file's own bytes
 * (its size, its first bytes, its header's width and height), before anything is sent.
 */
export async function imageRefusal(file: File): Promise<string | null> {
  const name = `“${file.name}”`;
  const accepted = `We accept ${ACCEPTED_IMAGES}.`;
  if (file.size > IMAGE_LIMITS.maxBytes) {
    return `${name} is ${oneDecimal(file.size / MEGABYTE)} MB. ${accepted}`;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const format = imageFormatOf(bytes);
  if (!format) return `${name} is not a ${IMAGE_FORMAT_NAMES} image. ${accepted}`;
  const size = imageSize(bytes, format);
  if (!size) return `${name} could not be read: the file may be damaged. ${accepted}`;
  const pixels = size.width * size.height;
  if (pixels > IMAGE_LIMITS.maxPixels) {
    return `${name} is ${size.width} × ${size.height} pixels (${oneDecimal(pixels / 1_000_000)} megapixels). ${accepted}`;
  }
  return null;
}
