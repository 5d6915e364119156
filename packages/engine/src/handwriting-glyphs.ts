/**
 * The hand's letters: single-line glyphs from the Hershey fonts (`assets/handwriting`, made by
 * `scripts/make-handwriting.ts`; the JSON carries the Hershey acknowledgement), in Hershey units
 * (a capital is `capHeight` high), y up from the baseline. A letter the font lacks is composed:
 * an accented letter from its base letter and its marks (NFD), the font's own mark where it has
 * one and ours otherwise; the few extras it lacks from its glyphs or our strokes. Pure,
 * browser-safe.
 */
import type { HandwritingStyle } from '@rasma/contract/story-limits';
import cursive from '../assets/handwriting/cursive.json' with { type: 'json' };
import print from '../assets/handwriting/print.json' with { type: 'json' };

/** A glyph: its advance and its strokes, each a flat [x0, y0, x1, y1, ...] polyline. */
export interface Glyph {
  advance: number;
  strokes: number[][];
}

interface Font {
  capHeight: number;
  glyphs: Record<string, Glyph>;
}

const FONTS: Record<HandwritingStyle, Font> = { print, cursive };

/** A capital's height in the style's units. */
export const capHeightOf = (style: HandwritingStyle): number => FONTS[style].capHeight;

/**
 * The marks the fonts draw as spacing characters (placed over or under the base letter as they
 * are); the others are ours, drawn in `OWN_MARKS`.
 */
const FONT_MARKS: Record<string, string> = {
  '\u0300': '`',
  '\u0301': '\u00b4',
  '\u0302': '^',
  '\u0303': '~',
  '\u0308': '\u00a8',
  '\u0327': '\u00b8',
};

/** Our marks, in Hershey units around (0, 0): the bottom centre of a mark above a letter. */
const OWN_MARKS: Record<string, number[][]> = {
  '\u0304': [[-4, 1, 4, 1]], // macron
  '\u0306': [[-4, 4, -3, 1, -1, 0, 1, 0, 3, 1, 4, 4]], // breve
  '\u0307': [[0, 0, 1, 1, 0, 2, -1, 1, 0, 0]], // dot above
  '\u030a': [[0, 0, 2, 1, 2, 3, 0, 4, -2, 3, -2, 1, 0, 0]], // ring above
  '\u030b': [
    [-3, 0, -1, 4],
    [2, 0, 4, 4],
  ], // double acute
  '\u030c': [[-4, 4, 0, 0, 4, 4]], // caron
  '\u0328': [[1, 0, -1, -2, -1, -4, 1, -5, 3, -4]], // ogonek: its top at the baseline's right
};

/** Marks drawn under the letter (their top at the baseline). */
const BELOW = new Set(['\u0327', '\u0328']);
/** Space between a letter's ink and a mark above it. */
const MARK_GAP = 2;

/** The extras the fonts lack, as glyphs made of theirs: side by side, or turned. */
const JOINED: Record<string, string> = { Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', '…': '...' };
/** Letters joined in a ligature overlap by this share of the second's advance. */
const LIGATURE_OVERLAP = 0.3;

/** § and ¶ in our strokes (a capital 21 units high). */
const OWN_GLYPHS: Record<string, Glyph> = {
  '§': {
    advance: 14,
    strokes: [
      [11, 19, 9, 21, 5, 21, 3, 19, 3, 17, 5, 15, 9, 13, 11, 11, 11, 9, 9, 7],
      [3, 14, 5, 12, 9, 10, 11, 8, 11, 6, 9, 4, 5, 4, 3, 6],
    ],
  },
  '¶': {
    advance: 16,
    strokes: [
      [10, 0, 10, 21],
      [14, 0, 14, 21, 7, 21, 4, 20, 2, 18, 2, 14, 4, 12, 7, 11, 10, 11],
    ],
  },
};

interface Box {
  left: number;
  right: number;
  bottom: number;
  top: number;
}

function boxOf(strokes: readonly number[][]): Box {
  const box = { left: Infinity, right: -Infinity, bottom: Infinity, top: -Infinity };
  for (const stroke of strokes)
    for (let i = 0; i < stroke.length; i += 2) {
      box.left = Math.min(box.left, stroke[i]!);
      box.right = Math.max(box.right, stroke[i]!);
      box.bottom = Math.min(box.bottom, stroke[i + 1]!);
      box.top = Math.max(box.top, stroke[i + 1]!);
    }
  return box;
}

const moved = (strokes: readonly number[][], dx: number, dy: number): number[][] =>
  strokes.map((stroke) => stroke.map((v, i) => v + (i % 2 === 0 ? dx : dy)));

/** A mark's strokes with (0, 0) at the bottom centre (the top centre for a mark below). */
function markStrokes(font: Font, mark: string): number[][] {
  const own = OWN_MARKS[mark];
  if (own) return own;
  const strokes = font.glyphs[FONT_MARKS[mark]!]!.strokes;
  const box = boxOf(strokes);
  const anchorY = BELOW.has(mark) ? box.top : box.bottom;
  return moved(strokes, -(box.left + box.right) / 2, -anchorY);
}

/** A base letter with its marks stacked over (or under) it. */
function composed(font: Font, base: Glyph, marks: readonly string[]): Glyph {
  let strokes = base.strokes;
  for (const mark of marks) {
    const box = boxOf(strokes);
    const centre = (box.left + box.right) / 2;
    const placed =
      mark === '\u0328'
        ? moved(markStrokes(font, mark), box.right - 2, 0)
        : BELOW.has(mark)
          ? moved(markStrokes(font, mark), centre, 0)
          : moved(markStrokes(font, mark), centre, box.top + MARK_GAP);
    strokes = [...strokes, ...placed.map((s) => s.map(Math.round))];
  }
  return { advance: base.advance, strokes };
}

/** Glyphs side by side, each overlapping the one before a little (æ, œ, …). */
function joined(glyphs: readonly Glyph[]): Glyph {
  let x = 0;
  const strokes: number[][] = [];
  glyphs.forEach((glyph, i) => {
    if (i > 0) x -= Math.round(glyph.advance * LIGATURE_OVERLAP);
    strokes.push(...moved(glyph.strokes, x, 0));
    x += glyph.advance;
  });
  return { advance: x, strokes };
}

/** A glyph turned half a turn about its ink's centre (‘ from ’). */
function turned(glyph: Glyph): Glyph {
  const box = boxOf(glyph.strokes);
  const cx = box.left + box.right;
  const cy = box.bottom + box.top;
  return {
    advance: glyph.advance,
    strokes: glyph.strokes.map((s) => s.map((v, i) => (i % 2 === 0 ? cx - v : cy - v))),
  };
}

/**
 * The glyph of one writable character (`isWritableCharacter`) in a style; undefined for a
 * character the hand cannot write.
 */
export function glyphOf(style: HandwritingStyle, character: string): Glyph | undefined {
  const font = FONTS[style];
  const own = font.glyphs[character] ?? OWN_GLYPHS[character];
  if (own) return own;
  if (character === '\u2019') return font.glyphs["'"];
  if (character === '\u2018') return turned(font.glyphs["'"]!);
  const parts = JOINED[character];
  if (parts) return joined([...parts].map((c) => font.glyphs[c]!));
  const [base, ...marks] = character.normalize('NFD');
  const baseGlyph = base === undefined ? undefined : font.glyphs[base];
  if (!baseGlyph || marks.length === 0) return undefined;
  if (!marks.every((mark) => OWN_MARKS[mark] || FONT_MARKS[mark])) return undefined;
  return composed(font, baseGlyph, marks);
}
