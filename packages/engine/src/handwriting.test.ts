import { HANDWRITING_STYLES, isWritableCharacter } from '@rasma/contract/story-limits';
import { describe, expect, it } from 'vitest';
import { capHeightOf, glyphOf } from './handwriting-glyphs.js';
import { handwritingStrokes, LINE_SPACING, textWritingSeconds } from './handwriting.js';
import type { Point } from './types.js';

/** Every character the contract lets the hand write (one code point each). */
const WRITABLE = Array.from({ length: 0x3000 }, (_, c) => String.fromCodePoint(c)).filter(
  isWritableCharacter,
);

const FRAME = { width: 1920, height: 1080 };
const block = (text: string, over = {}) => ({
  text,
  style: 'print' as const,
  x: 0.5,
  y: 0.5,
  size: 0.1,
  rotation: 0,
  ...over,
});

function boxOf(strokes: readonly Point[][]) {
  const xs = strokes.flat().map((p) => p.x);
  const ys = strokes.flat().map((p) => p.y);
  return {
    left: Math.min(...xs),
    right: Math.max(...xs),
    top: Math.min(...ys),
    bottom: Math.max(...ys),
  };
}

describe('handwriting glyphs', () => {
  it('covers the contract: printable ASCII, every accented letter, the extras', () => {
    // 95 ASCII, the extras, and hundreds of precomposed accented letters.
    expect(WRITABLE.length).toBeGreaterThan(95 + 31 + 300);
    expect(WRITABLE).toContain('ő');
    expect(WRITABLE).toContain('ǖ');
  });

  for (const style of HANDWRITING_STYLES)
    it(`${style}: every writable character draws strokes inside its advance box`, () => {
      const cap = capHeightOf(style);
      const missing: string[] = [];
      for (const character of WRITABLE) {
        if (character === ' ') continue;
        const glyph = glyphOf(style, character);
        // The ink's centre lies in the box the letter takes on its line (a slash's ends stick out).
        const xs = glyph?.strokes.flatMap((s) => s.filter((_, i) => i % 2 === 0)) ?? [];
        const ys = glyph?.strokes.flatMap((s) => s.filter((_, i) => i % 2 === 1)) ?? [];
        const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
        const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
        const inside = cx >= 0 && cx <= glyph!.advance && cy >= -cap && cy <= 2 * cap;
        if (!glyph || glyph.strokes.length === 0 || !inside) missing.push(character);
      }
      expect(missing).toEqual([]);
    });

  it('puts a mark the font lacks over the letter: a caron above "s", an ogonek under "a"', () => {
    const s = glyphOf('print', 's')!;
    const caron = glyphOf('print', 'š')!;
    expect(caron.strokes.slice(0, s.strokes.length)).toEqual(s.strokes);
    const markYs = caron.strokes
      .slice(s.strokes.length)
      .flat()
      .filter((_, i) => i % 2 === 1);
    const letterTop = Math.max(...s.strokes.flat().filter((_, i) => i % 2 === 1));
    expect(Math.min(...markYs)).toBeGreaterThan(letterTop);
    const ogonekYs = glyphOf('print', 'ą')!
      .strokes.at(-1)!
      .filter((_, i) => i % 2 === 1);
    expect(Math.max(...ogonekYs)).toBeLessThanOrEqual(0);
  });
});

describe('handwritingStrokes', () => {
  it('lays a capital size x the frame height high, centred at (x, y)', () => {
    const box = boxOf(handwritingStrokes(block('H', { x: 0.25, y: 0.75 }), FRAME));
    expect(box.bottom - box.top).toBeCloseTo(0.1 * 1080, 6);
    expect((box.top + box.bottom) / 2).toBeCloseTo(0.75 * 1080, 6);
    expect((box.left + box.right) / 2).toBeCloseTo(0.25 * 1920, 6);
  });

  it('writes letters left to right, lines top to bottom, a line spaced 1.6 capitals', () => {
    const strokes = handwritingStrokes(block('HI\nI'), FRAME);
    const [h1, h2, h3, i1, i2] = strokes.map((s) => boxOf([s]));
    expect(strokes).toHaveLength(5);
    expect(h3!.left).toBeGreaterThanOrEqual(h1!.left);
    expect(i1!.left).toBeGreaterThan(h2!.left);
    expect(i2!.top - i1!.top).toBeCloseTo(LINE_SPACING * 108, 6);
  });

  it('turns the block clockwise about its centre', () => {
    const upright = boxOf(handwritingStrokes(block('HHHH'), FRAME));
    const turned = boxOf(handwritingStrokes(block('HHHH', { rotation: 90 }), FRAME));
    expect(turned.bottom - turned.top).toBeCloseTo(upright.right - upright.left, 6);
    // The first letter, on the left upright, is at the top turned clockwise.
    const first = boxOf(handwritingStrokes(block('HHHH', { rotation: 90 }), FRAME).slice(0, 3));
    expect(first.top).toBeCloseTo(turned.top, 0);
  });
});

describe('textWritingSeconds', () => {
  it('is some two and a half letters a second, whatever the size on screen', () => {
    for (const style of HANDWRITING_STYLES) {
      const seconds = textWritingSeconds({ text: 'The quick brown fox', style });
      expect(16 / seconds).toBeGreaterThan(2);
      expect(16 / seconds).toBeLessThan(3);
    }
    expect(textWritingSeconds({ text: 'HH', style: 'print' })).toBeGreaterThan(
      2 * textWritingSeconds({ text: 'H', style: 'print' }),
    );
  });
});
