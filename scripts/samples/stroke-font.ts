/**
 * A tiny single-line capital font for the samples' labels, so they need no installed font and
 * render the same everywhere (and the engine draws each letter as one pen line). Each glyph is a
 * list of polylines on a grid 4 wide and 6 tall, y down.
 */

const GLYPHS: Record<string, string[]> = {
  A: ['0,6 2,0 4,6', '0.7,4 3.3,4'],
  B: ['0,6 0,0 3,0 4,1 4,2 3,3 0,3', '3,3 4,4 4,5 3,6 0,6'],
  C: ['4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5'],
  D: ['0,0 0,6 2.5,6 4,4.5 4,1.5 2.5,0 0,0'],
  E: ['4,0 0,0 0,6 4,6', '0,3 3,3'],
  F: ['4,0 0,0 0,6', '0,3 3,3'],
  G: ['4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,3.5 2.5,3.5'],
  H: ['0,0 0,6', '4,0 4,6', '0,3 4,3'],
  I: ['1,0 3,0', '2,0 2,6', '1,6 3,6'],
  J: ['4,0 4,5 3,6 1,6 0,5'],
  K: ['0,0 0,6', '4,0 0,3.5', '1.3,2.7 4,6'],
  L: ['0,0 0,6 4,6'],
  M: ['0,6 0,0 2,3.5 4,0 4,6'],
  N: ['0,6 0,0 4,6 4,0'],
  O: ['1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0'],
  P: ['0,6 0,0 3,0 4,1 4,2 3,3 0,3'],
  Q: ['1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0', '2.5,4.5 4,6'],
  R: ['0,6 0,0 3,0 4,1 4,2 3,3 0,3', '2,3 4,6'],
  S: ['4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5'],
  T: ['0,0 4,0', '2,0 2,6'],
  U: ['0,0 0,5 1,6 3,6 4,5 4,0'],
  V: ['0,0 2,6 4,0'],
  W: ['0,0 1,6 2,2.5 3,6 4,0'],
  X: ['0,0 4,6', '4,0 0,6'],
  Y: ['0,0 2,3 4,0', '2,3 2,6'],
  Z: ['0,0 4,0 0,6 4,6'],
  '0': ['1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0'],
  '1': ['1,1 2,0 2,6', '1,6 3,6'],
  '2': ['0,1 1,0 3,0 4,1 4,2 0,6 4,6'],
  '3': ['0,1 1,0 3,0 4,1 4,2 3,3 1.5,3', '3,3 4,4 4,5 3,6 1,6 0,5'],
  '4': ['3,6 3,0 0,4 4,4'],
  '5': ['4,0 0,0 0,3 3,3 4,4 4,5 3,6 1,6 0,5'],
  '6': ['4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,4 3,3 0,3'],
  '7': ['0,0 4,0 1.5,6'],
  '8': ['1,3 0,2 0,1 1,0 3,0 4,1 4,2 3,3 1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3'],
  '9': ['0,5 1,6 3,6 4,5 4,1 3,0 1,0 0,1 0,2 1,3 4,3'],
  '-': ['1,3 3,3'],
};

/** Advance per letter, in grid units (glyph width 4 plus spacing). */
const ADVANCE = 5.6;

const round = (v: number) => Number(v.toFixed(1));

/** Path data for `text` (capitals, digits, '-', spaces): top-left corner at x, y; `size` tall. */
export function strokeTextPath(text: string, x: number, y: number, size: number): string {
  const unit = size / 6;
  const parts: string[] = [];
  [...text.toUpperCase()].forEach((char, index) => {
    const left = x + index * ADVANCE * unit;
    for (const line of GLYPHS[char] ?? []) {
      const points = line.split(' ').map((pair) => {
        const [gx = 0, gy = 0] = pair.split(',').map(Number);
        return `${round(left + gx * unit)} ${round(y + gy * unit)}`;
      });
      parts.push(`M${points.join('L')}`);
    }
  });
  return parts.join('');
}

/** Width of `text` at `size`, from the left of the first letter to the right of the last. */
export function strokeTextWidth(text: string, size: number): number {
  return text.length === 0 ? 0 : ((text.length - 1) * ADVANCE + 4) * (size / 6);
}

/**
 * Replaces each `<stroke-text x=".." y=".." size=".." anchor="start|middle|end">WORDS</stroke-text>`
 * in an SVG with a stroked path (near-black unless `stroke=".."` is given; round ends; width size/8).
 */
export function expandStrokeText(svg: string): string {
  return svg.replace(
    /<stroke-text\s+([^>]*)>([^<]*)<\/stroke-text>/g,
    (_match, attributes: string, text: string) => {
      const attr = (name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1];
      const size = Number(attr('size') ?? 40);
      const anchor = attr('anchor') ?? 'start';
      const width = strokeTextWidth(text, size);
      const shift = anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0;
      const x = Number(attr('x') ?? 0) - shift;
      const y = Number(attr('y') ?? 0);
      const d = strokeTextPath(text, x, y, size);
      return `<path d="${d}" fill="none" stroke="${attr('stroke') ?? '#1b1b1b'}" stroke-width="${round(size / 8)}" stroke-linecap="round" stroke-linejoin="round"/>`;
    },
  );
}
