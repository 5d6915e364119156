/**
 * The hand's size and its pen tip, in the units of its SVG (`assets/hand.svg`) and in a picture's
 * pixels: the video's sprite (`hand.ts`) and the browser's preview draw it from these. Pure.
 */

/** The pen tip, in the SVG's units (x and y alike). */
export const HAND_TIP = 12;
/** The hand, from its pen tip to its cuff, is this many SVG units long... */
const HAND_UNITS = 440;
/**
 * ...and is drawn this share of the picture's short side long: about a fifth of it across once
 * turned, which reads as a hand at work without hiding the drawing (the first hand, a cartoon,
 * was 0.62 of the short side).
 */
const HAND_ACROSS = 0.24;
/**
 * The hand's box (its lift and its way out of the picture are measured in it), in SVG units: the
 * hand and its shadow, with room.
 */
const HAND_BOX_UNITS = 600;

/** How many pixels long the hand is drawn over a picture this large. */
export const handAcross = (width: number, height: number): number =>
  Math.round(Math.min(width, height) * HAND_ACROSS);

/** Pixels per SVG unit of a hand `across` pixels long. */
export const pixelsPerHandUnit = (across: number): number => across / HAND_UNITS;

/** Picture pixels per SVG unit of the hand drawn over a picture this large. */
export const handPixelsPerUnit = (width: number, height: number): number =>
  pixelsPerHandUnit(handAcross(width, height));

/** The hand's box in pixels at `pixelsPerUnit` (`HandSprite.size`, `HandPath`'s size). */
export const handBoxSize = (pixelsPerUnit: number): number =>
  Math.round(HAND_BOX_UNITS * pixelsPerUnit);
