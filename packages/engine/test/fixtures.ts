import sharp from 'sharp';
import { random as rng } from '../src/colour.js';

/** A colourful landscape scene as SVG (our own artwork), with `detail` extra random shapes. */
export function sceneSvg(width: number, height: number, detail = 0, seed = 7): string {
  const r = rng(seed);
  const s = (v: number) => ((v * width) / 800).toFixed(1);
  const parts: string[] = [];
  parts.push(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7ec8f0"/><stop offset="1" stop-color="#e8f6ff"/></linearGradient></defs>`,
  );
  parts.push(`<rect width="${width}" height="${height}" fill="url(#sky)"/>`);
  parts.push(
    `<circle cx="${s(650)}" cy="${s(110)}" r="${s(55)}" fill="#ffd23f" stroke="#e0a800" stroke-width="${s(4)}"/>`,
  );
  parts.push(
    `<polygon points="0,${s(380)} ${s(180)},${s(170)} ${s(330)},${s(340)} ${s(470)},${s(200)} ${s(800)},${s(390)} ${s(800)},${s(600)} 0,${s(600)}" fill="#6b8f71" stroke="#2f4a34" stroke-width="${s(3)}"/>`,
  );
  parts.push(`<rect x="0" y="${s(430)}" width="${width}" height="${height}" fill="#9bd17a"/>`);
  // House
  parts.push(
    `<rect x="${s(90)}" y="${s(300)}" width="${s(220)}" height="${s(170)}" fill="#d9534f" stroke="#222" stroke-width="${s(5)}"/>`,
  );
  parts.push(
    `<polygon points="${s(70)},${s(305)} ${s(200)},${s(200)} ${s(330)},${s(305)}" fill="#8b4513" stroke="#222" stroke-width="${s(5)}"/>`,
  );
  parts.push(
    `<rect x="${s(170)}" y="${s(380)}" width="${s(55)}" height="${s(90)}" fill="#5a3a1a" stroke="#222" stroke-width="${s(4)}"/>`,
  );
  for (const wx of [110, 245]) {
    parts.push(
      `<rect x="${s(wx)}" y="${s(330)}" width="${s(45)}" height="${s(40)}" fill="#fff7c2" stroke="#222" stroke-width="${s(4)}"/>`,
    );
    parts.push(
      `<line x1="${s(wx + 22.5)}" y1="${s(330)}" x2="${s(wx + 22.5)}" y2="${s(370)}" stroke="#222" stroke-width="${s(3)}"/>`,
    );
  }
  // Tree
  parts.push(
    `<rect x="${s(560)}" y="${s(330)}" width="${s(30)}" height="${s(130)}" fill="#7a4a22" stroke="#222" stroke-width="${s(4)}"/>`,
  );
  for (const [cx, cy, rr] of [
    [575, 300, 60],
    [535, 330, 45],
    [615, 330, 45],
    [575, 250, 45],
  ] as const) {
    parts.push(
      `<circle cx="${s(cx)}" cy="${s(cy)}" r="${s(rr)}" fill="#2e8b57" stroke="#1b4d2e" stroke-width="${s(4)}"/>`,
    );
  }
  // Text and a path
  parts.push(
    `<text x="${s(360)}" y="${s(560)}" font-family="sans-serif" font-size="${s(48)}" font-weight="bold" fill="#1a237e">Rasma</text>`,
  );
  parts.push(
    `<path d="M ${s(20)} ${s(520)} C ${s(150)} ${s(470)}, ${s(250)} ${s(590)}, ${s(340)} ${s(520)}" fill="none" stroke="#333" stroke-width="${s(5)}"/>`,
  );
  const colours = ['#e63946', '#457b9d', '#f4a261', '#2a9d8f', '#8338ec', '#222222'];
  for (let i = 0; i < detail; i++) {
    const x = r() * width;
    const y = r() * height;
    const size = (4 + r() * 30) * (width / 800);
    const c = colours[Math.floor(r() * colours.length)] ?? '#000';
    const kind = r();
    if (kind < 0.4)
      parts.push(
        `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${size.toFixed(1)}" fill="none" stroke="${c}" stroke-width="${(size / 6).toFixed(1)}"/>`,
      );
    else if (kind < 0.7)
      parts.push(
        `<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${(x + (r() - 0.5) * size * 6).toFixed(1)}" y2="${(y + (r() - 0.5) * size * 6).toFixed(1)}" stroke="${c}" stroke-width="${(size / 5).toFixed(1)}"/>`,
      );
    else
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${size.toFixed(1)}" height="${(size * 0.7).toFixed(1)}" fill="${c}" opacity="0.8"/>`,
      );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

/** Renders the scene to a PNG buffer. */
export async function scenePng(
  width: number,
  height: number,
  detail = 0,
  seed = 7,
): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(width, height, detail, seed)))
    .png()
    .toBuffer();
}

/** Plain black, slightly slanted lines on white (vertical, or horizontal): the simplest test pictures. */
export async function linesPng(width: number, height: number, horizontal = false): Promise<Buffer> {
  const lines: string[] = [];
  const [along, across] = horizontal ? [height, width] : [width, height];
  for (let a = along * 0.08; a < along * 0.95; a += along / 9) {
    const [x1, y1, x2, y2] = [a, across * 0.1, a + along * 0.03, across * 0.9].map((v) =>
      v.toFixed(1),
    );
    lines.push(
      horizontal
        ? `<line x1="${y1}" y1="${x1}" x2="${y2}" y2="${x2}" stroke="#000" stroke-width="3"/>`
        : `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#000" stroke-width="3"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${lines.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A phone photo taken sideways: the JPEG stores the picture turned a quarter to the left and says
 * so in EXIF (orientation 6: turn 90 degrees clockwise to show). `upright` is how it must look,
 * 320x480: black bars along the top and down the left (a "Γ") on a mid-blue wall (70 % luma,
 * too light to become ink).
 */
export async function sidewaysPhoto(): Promise<{ jpeg: Buffer; upright: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="480"><rect width="100%" height="100%" fill="#8fb8de"/><path d="M 60 420 V 60 H 260" fill="none" stroke="#000" stroke-width="16"/></svg>`;
  const upright = await sharp(Buffer.from(svg)).png().toBuffer();
  const jpeg = await sharp(upright)
    .rotate(-90)
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return { jpeg, upright };
}
