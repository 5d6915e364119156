/** The paper the drawing is made on. Pure. */

/** A channel value (0-255) of a pixel with this alpha (0-255), laid on white paper. */
export function overPaper(value: number, alpha: number): number {
  return alpha === 255 ? value : (value * alpha + 255 * (255 - alpha)) / 255;
}
