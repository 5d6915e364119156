/**
 * Typed text as the hand writes it: a text block's letters laid out in its place on the frame as
 * pen strokes (polylines), in writing order, and how long a person takes to write them. Pure,
 * browser-safe (the web app's preview draws the same strokes).
 */
import type { TextBlock } from '@rasma/contract/story';
import { capHeightOf, glyphOf } from './handwriting-glyphs.js';
import { PEN_UP_WEIGHT } from './plan.js';
import type { Point } from './types.js';

/** What a block's layout needs. */
export type HandwrittenBlock = Pick<TextBlock, 'text' | 'style' | 'x' | 'y' | 'size' | 'rotation'>;

/** From one line's baseline to the next, in capital heights. */
export const LINE_SPACING = 1.6;

/**
 * The pen's natural speed while writing, in capital heights per second: two and a half letters a
 * second in either style ("Hello world" takes 3.8 s in print, 4.2 s in cursive), a calm, legible
 * hand (people write two to four letters a second), slow enough to follow a word as it appears.
 * Moves between strokes go at the drawing's pen-up pace.
 */
const WRITING_SPEED = 6;

/**
 * The block's strokes in capital heights, y down, the block's centre at (0, 0), unrotated: lines
 * top to bottom, each centred on its ink, letters in reading order, each letter's strokes in the font's.
 */
function strokesInCapHeights(block: Pick<HandwrittenBlock, 'text' | 'style'>): Point[][] {
  const unit = 1 / capHeightOf(block.style);
  const lines = block.text.normalize('NFC').split('\n');
  const blockHeight = (lines.length - 1) * LINE_SPACING + 1;
  const strokes: Point[][] = [];
  lines.forEach((line, row) => {
    const baseline = -blockHeight / 2 + 1 + row * LINE_SPACING;
    const written: Point[][] = [];
    let x = 0;
    for (const character of line) {
      const glyph = glyphOf(block.style, character);
      if (!glyph) continue;
      for (const flat of glyph.strokes) {
        const stroke: Point[] = [];
        for (let i = 0; i < flat.length; i += 2)
          stroke.push({ x: x + flat[i]! * unit, y: baseline - flat[i + 1]! * unit });
        written.push(stroke);
      }
      x += glyph.advance * unit;
    }
    // Each line centred by its ink (the fonts' glyphs sit unevenly in their advances).
    const xs = written.flat().map((p) => p.x);
    const middle = xs.length > 0 ? (Math.min(...xs) + Math.max(...xs)) / 2 : 0;
    for (const stroke of written) strokes.push(stroke.map((p) => ({ x: p.x - middle, y: p.y })));
  });
  return strokes;
}

/**
 * The block's strokes as polylines in the frame's pixels, in writing order: centred at (x, y)
 * shares of the frame, a capital `size` of the frame's height high, turned `rotation` degrees
 * clockwise about its centre.
 */
export function handwritingStrokes(
  block: HandwrittenBlock,
  frame: { width: number; height: number },
): Point[][] {
  const scale = block.size * frame.height;
  const cx = block.x * frame.width;
  const cy = block.y * frame.height;
  const angle = (block.rotation * Math.PI) / 180;
  const cos = Math.cos(angle) * scale;
  const sin = Math.sin(angle) * scale;
  // y points down: this turns clockwise on the screen.
  return strokesInCapHeights(block).map((stroke) =>
    stroke.map(({ x, y }) => ({ x: cx + x * cos - y * sin, y: cy + x * sin + y * cos })),
  );
}

const length = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);

/**
 * How long the hand takes to write a block at its natural speed (`WRITING_SPEED`): its strokes'
 * length plus the moves between them at the pen-up weight, whatever its size on screen.
 */
export function textWritingSeconds(block: Pick<HandwrittenBlock, 'text' | 'style'>): number {
  let path = 0;
  let last: Point | undefined;
  for (const stroke of strokesInCapHeights(block)) {
    if (last) path += PEN_UP_WEIGHT * length(last, stroke[0]!);
    for (let i = 1; i < stroke.length; i++) path += length(stroke[i - 1]!, stroke[i]!);
    last = stroke.at(-1);
  }
  return path / WRITING_SPEED;
}
