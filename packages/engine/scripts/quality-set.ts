/**
 * The quality set shared by `scripts/quality.ts` and `scripts/compare.ts`: its photos (our
 * procedural ones and the real ones, or only those named in QUALITY_PHOTOS=a,b), the drawing
 * settings they are drawn at, and the contact sheet's tiles.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { PHOTO_NAMES, photoPng } from '../test/photos.js';
import { REAL_PHOTO_NAMES, realPhoto } from '../test/real-photos.js';

export const DOCS = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs');

/** The default settings, black and white or colour as each sheet needs. */
export const QUALITY_SETTINGS = {
  zones: [],
  zoneScale: 1,
  grayscaleLevel: 128,
  direction: 'Left to right' as const,
  drawingTime: 15,
  seed: 1,
};

type Photo = [name: string, bytes: () => Promise<Buffer>];

const ALL_PHOTOS: Photo[] = [
  ...PHOTO_NAMES.map((name): Photo => [name, () => photoPng(name)]),
  ...REAL_PHOTO_NAMES.map((name): Photo => [name, () => realPhoto(name)]),
];

/** The whole set, or the photos named in QUALITY_PHOTOS (comma-separated), in that order. */
export function qualityPhotos(wanted = process.env.QUALITY_PHOTOS): Photo[] {
  if (!wanted) return ALL_PHOTOS;
  return wanted.split(',').map((name) => {
    const photo = ALL_PHOTOS.find(([known]) => known === name.trim());
    if (!photo)
      throw new Error(
        `QUALITY_PHOTOS: no photo "${name}"; known: ${ALL_PHOTOS.map(([n]) => n).join(', ')}`,
      );
    return photo;
  });
}

export const TILE = 480;
const GAP = 10;

/** One picture of a sheet, TILE px wide. */
export const tile = (raw: Uint8Array, width: number, height: number, channels: 1 | 3) =>
  sharp(raw, { raw: { width, height, channels } })
    .resize(TILE, Math.round((TILE * height) / width))
    .removeAlpha()
    .toColourspace('srgb')
    .png()
    .toBuffer();

/** Writes rows of tiles (each tileHeight px high) as one PNG, GAP px apart on white. */
export async function writeSheet(
  rows: Buffer[][],
  tileHeight: number,
  file: string,
): Promise<void> {
  const columns = Math.max(...rows.map((row) => row.length));
  await sharp({
    create: {
      width: TILE * columns + GAP * (columns - 1),
      height: tileHeight * rows.length + GAP * (rows.length - 1),
      channels: 3,
      background: '#ffffff',
    },
  })
    .composite(
      rows.flatMap((row, r) =>
        row.map((input, i) => ({ input, left: i * (TILE + GAP), top: r * (tileHeight + GAP) })),
      ),
    )
    .png({ palette: true, quality: 80 })
    .toFile(file);
}
