import type { ImageFormat } from '@rasma/contract/image-formats';

export interface ImageSize {
  width: number;
  height: number;
}

const be16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const le16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const le24 = (b: Uint8Array, at: number) => le16(b, at) | ((b[at + 2] ?? 0) << 16);
const be32 = (b: Uint8Array, at: number) => be16(b, at) * 65536 + be16(b, at + 2);
const text = (b: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...b.subarray(at, at + length));

/** JPEG's start-of-frame markers (baseline, progressive, lossless...), which carry the size. */
const JPEG_FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

function jpegSize(b: Uint8Array): ImageSize | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (JPEG_FRAME_MARKERS.has(marker)) return { height: be16(b, at + 5), width: be16(b, at + 7) };
    at += 2 + be16(b, at + 2);
  }
  return null;
}

function webpSize(b: Uint8Array): ImageSize | null {
  switch (text(b, 12, 4)) {
    case 'VP8 ':
      return { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff };
    case 'VP8L': {
      const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case 'VP8X':
      return { width: le24(b, 24) + 1, height: le24(b, 27) + 1 };
    default:
      return null;
  }
}

/** The EXIF orientation tag (1-8) of a JPEG's APP1 segment; 1 (as stored) without one. */
function jpegOrientation(b: Uint8Array): number {
  let at = 2;
  while (at + 4 < b.length && b[at] === 0xff) {
    const marker = b[at + 1] ?? 0;
    if (JPEG_FRAME_MARKERS.has(marker)) return 1; // EXIF comes before the frame
    if (marker === 0xe1 && text(b, at + 4, 6) === 'Exif\0\0') {
      const tiff = at + 10;
      const little = text(b, tiff, 2) === 'II';
      const u16 = (p: number) => (little ? le16(b, p) : be16(b, p));
      const u32 = (p: number) => (little ? u16(p) + u16(p + 2) * 65536 : be32(b, p));
      const ifd = tiff + u32(tiff + 4);
      for (let i = 0, count = u16(ifd); i < count; i++) {
        const entry = ifd + 2 + 12 * i;
        if (u16(entry) === 0x0112) return u16(entry + 8);
      }
      return 1;
    }
    at += 2 + be16(b, at + 2);
  }
  return 1;
}

/**
 * An image's size as it is shown: its header's, turned as a JPEG's EXIF orientation says (5-8
 * turn it a quarter, as the page's `<img>` and the engine's decoder do); null as `imageSize`.
 */
export function shownImageSize(b: Uint8Array, format: ImageFormat): ImageSize | null {
  const size = imageSize(b, format);
  if (!size || format !== 'jpeg' || jpegOrientation(b) < 5) return size;
  return { width: size.height, height: size.width };
}

/**
 * An image's width and height read from its header, as the server reads them before it decodes a
 * pixel; null when the header is cut short or damaged.
 */
export function imageSize(b: Uint8Array, format: ImageFormat): ImageSize | null {
  const size = (() => {
    switch (format) {
      case 'png':
        return b.length >= 24 && text(b, 12, 4) === 'IHDR'
          ? { width: be32(b, 16), height: be32(b, 20) }
          : null;
      case 'gif':
        return b.length >= 10 ? { width: le16(b, 6), height: le16(b, 8) } : null;
      case 'webp':
        return b.length >= 30 ? webpSize(b) : null;
      case 'jpeg':
        return jpegSize(b);
    }
  })();
  return size && size.width > 0 && size.height > 0 ? size : null;
}
