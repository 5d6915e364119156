/**
 * The site's icons and share image (run by `npm run demos`, after the demo posters it uses):
 * PNG icons for the web manifest and iOS from the logo (apps/web/public/favicon.svg), and the
 * landing's Open Graph image (1200x630): the name and tagline in our stroke font beside a demo's
 * finished picture. Deterministic, like the samples.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expandStrokeText } from '../samples/stroke-font.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const publicDir = path.join(repoRoot, 'apps/web/public');

const ICONS = [
  { file: 'icon-192.png', size: 192 },
  { file: 'icon-512.png', size: 512 },
  { file: 'apple-touch-icon.png', size: 180 },
] as const;

const SHARE = { width: 1200, height: 630 };
const SHARE_POSTER = 'demos/classic-car-color.webp';

const shareBackground =
  expandStrokeText(`<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE.width}" height="${SHARE.height}">
  <rect width="100%" height="100%" fill="#1e1b4b"/>
  <stroke-text x="64" y="150" size="96" stroke="#fbbf24">RASMA</stroke-text>
  <stroke-text x="64" y="330" size="30" stroke="#ffffff">HAND-DRAWN</stroke-text>
  <stroke-text x="64" y="390" size="30" stroke="#ffffff">SKETCH VIDEOS</stroke-text>
  <stroke-text x="64" y="450" size="30" stroke="#ffffff">FROM YOUR IMAGES</stroke-text>
</svg>`);

async function main(): Promise<void> {
  const logo = await readFile(path.join(publicDir, 'favicon.svg'));
  for (const { file, size } of ICONS) {
    await sharp(logo, { density: (72 * size) / 32 })
      .resize(size, size)
      .png()
      .toFile(path.join(publicDir, file));
  }
  const poster = await sharp(path.join(publicDir, SHARE_POSTER)).resize(560, 420).png().toBuffer();
  await sharp(Buffer.from(shareBackground))
    .composite([{ input: poster, left: SHARE.width - 560 - 48, top: (SHARE.height - 420) / 2 }])
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(publicDir, 'og-image.png'));
  console.log(`icons and share image written to ${path.relative(repoRoot, publicDir)}`);
}

await main();
