/**
 * Real photos for the quality script, of kinds our procedural set lacks: a portrait, a pet with
 * fur, a landscape with sky and foliage, a night scene, a portrait on a plain ground, a product
 * shot, a dark subject on a dark ground, mountains under a sky with clouds. Their licences: real-photos/LICENSES.md.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'real-photos');

export const REAL_PHOTOS = {
  'real-portrait': 'portrait-astronaut.png',
  'real-pet': 'pet-chelsea.png',
  'real-landscape': 'landscape-meadow.jpg',
  'real-night': 'night-rocket.jpg',
  'real-portrait-flat': 'portrait-cameraman.png',
  'real-product': 'product-coffee.jpg',
  'real-dark': 'dark-lake.jpg',
  'real-sky': 'sky-mountains.jpg',
} as const;
export type RealPhotoName = keyof typeof REAL_PHOTOS;
export const REAL_PHOTO_NAMES = Object.keys(REAL_PHOTOS) as RealPhotoName[];

/** The photo's file bytes. */
export function realPhoto(name: RealPhotoName): Promise<Buffer> {
  return readFile(join(FOLDER, REAL_PHOTOS[name]));
}
