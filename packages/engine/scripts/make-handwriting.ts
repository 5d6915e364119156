/**
 * Writes the handwriting fonts (`assets/handwriting/{print,cursive}.json`) from two of the Hershey
 * single-line fonts in the `hersheytext` package (a devDependency: the runtime reads only the
 * JSON). The SVG fonts give each glyph as `M x y L x y ...` polylines in units of 1000 per em,
 * which are the Hershey coordinates times 31.5: they are stored back as those whole numbers, y up
 * from the baseline, with the glyph's advance and the Hershey use notice, which must travel with
 * the data. Run: `npm run make:handwriting -w packages/engine`.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The SVG fonts' unit: one Hershey coordinate step. */
const HERSHEY_UNIT = 31.5;

/** Print: Hershey Sans 1-stroke; cursive: Hershey Script 1-stroke (the most legible by eye). */
const FONTS = { print: 'HersheySans1', cursive: 'HersheyScript1' } as const;

const ACKNOWLEDGEMENT = [
  'The Hershey Fonts were originally created by Dr. A. V. Hershey while working at the U. S. National Bureau of Standards.',
  'The format of the Font data in this distribution was originally created by James Hurt, Cognition, Inc., 900 Technology Park Drive, Billerica, MA 01821.',
  'SVG conversion by Windell H. Oskay (Evil Mad Scientist), distributed in the hersheytext package (MIT) by James T.',
].join(' ');

const require = createRequire(import.meta.url);
const fontsDir = join(dirname(require.resolve('hersheytext/package.json')), 'svg_fonts');
const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'handwriting');

const ENTITIES: Record<string, string> = { amp: '&', apos: "'", quot: '"', lt: '<', gt: '>' };

function decodeEntity(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (_, name: string) =>
    name.startsWith('#x') || name.startsWith('#X')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(parseInt(name.slice(1), 10))
        : ENTITIES[name]!,
  );
}

const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** Segments a cubic Bézier (a few glyphs have them) is flattened into. */
const CURVE_STEPS = 8;

/**
 * A path's polylines as flat [x0, y0, x1, y1, ...] arrays in Hershey units. The fonts use `M`,
 * `L` and (a few glyphs) `C`, absolute, their numbers spaced or run together.
 */
function polylines(d: string): number[][] {
  const tokens = d.match(/[MLC]|-?[0-9.]+(?:e-?[0-9]+)?/gi) ?? [];
  const lines: number[][] = [];
  let at = 0;
  let command = '';
  const number = () => Number(tokens[at++]) / HERSHEY_UNIT;
  const add = (x: number, y: number) => {
    const line = lines.at(-1)!;
    const [px, py] = [Math.round(x), Math.round(y)];
    if (line.at(-2) !== px || line.at(-1) !== py) line.push(px, py);
  };
  let x = 0;
  let y = 0;
  while (at < tokens.length) {
    if (/^[MLC]$/i.test(tokens[at]!)) command = tokens[at++]!;
    if (command === 'M') {
      lines.push([]);
      [x, y] = [number(), number()];
      add(x, y);
      command = 'L';
    } else if (command === 'L') {
      [x, y] = [number(), number()];
      add(x, y);
    } else if (command === 'C') {
      const [x1, y1, x2, y2, x3, y3] = [number(), number(), number(), number(), number(), number()];
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS;
        const u = 1 - t;
        add(
          u * u * u * x + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
          u * u * u * y + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3,
        );
      }
      [x, y] = [x3, y3];
    } else throw new Error(`Unexpected path command ${command}`);
  }
  return lines.filter((line) => line.length >= 4);
}

/**
 * A few glyphs of the conversion lie beside their advance (± two thirds outside it, ° and the
 * print Í half a unit past its end): those are moved to sit centred in it.
 */
function insideAdvance(strokes: number[][], advance: number): number[][] {
  const xs = strokes.flatMap((s) => s.filter((_, i) => i % 2 === 0));
  if (xs.length === 0) return strokes;
  const centre = (Math.min(...xs) + Math.max(...xs)) / 2;
  if (centre >= 0 && centre <= advance) return strokes;
  const shift = Math.round(advance / 2 - centre);
  return strokes.map((s) => s.map((v, i) => (i % 2 === 0 ? v + shift : v)));
}

function makeFont(name: string) {
  const svg = readFileSync(join(fontsDir, `${name}.svg`), 'utf8');
  const glyphs: Record<string, { advance: number; strokes: number[][] }> = {};
  for (const tag of svg.match(/<glyph\s[^>]*>/g) ?? []) {
    const unicode = attribute(tag, 'unicode');
    if (unicode === undefined) continue;
    const character = decodeEntity(unicode);
    if ([...character].length !== 1) continue;
    const advance = Math.round(Number(attribute(tag, 'horiz-adv-x')) / HERSHEY_UNIT);
    glyphs[character] = {
      advance,
      strokes: insideAdvance(polylines(attribute(tag, 'd') ?? ''), advance),
    };
  }
  // A capital's height: the top of "H".
  const capHeight = Math.max(...glyphs['H']!.strokes.flatMap((s) => s.filter((_, i) => i % 2)));
  return { font: name, acknowledgement: ACKNOWLEDGEMENT, capHeight, glyphs };
}

mkdirSync(outDir, { recursive: true });
for (const [style, name] of Object.entries(FONTS)) {
  const font = makeFont(name);
  // One glyph a line: small, and a diff shows which glyph changed.
  const body = Object.entries(font.glyphs)
    .map(([character, glyph]) => `    ${JSON.stringify(character)}: ${JSON.stringify(glyph)}`)
    .join(',\n');
  const json = `{\n  "font": ${JSON.stringify(font.font)},\n  "acknowledgement": ${JSON.stringify(font.acknowledgement)},\n  "capHeight": ${font.capHeight},\n  "glyphs": {\n${body}\n  }\n}\n`;
  writeFileSync(join(outDir, `${style}.json`), json);
  console.log(`${style}: ${name}, ${Object.keys(font.glyphs).length} glyphs`);
}
