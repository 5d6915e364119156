import type { PlayData } from './messages';

/** A rectangle of the picture, in its pixels. */
export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The drawing's ink revealed up to a frame, as the video reveals it, on white paper. A frame ahead
 * of the last one painted paints only the pixels it reveals; going back paints afresh.
 */
export class InkPainting {
  readonly image: ImageData;
  #painted = -1;

  constructor(
    readonly data: PlayData,
    width: number,
    height: number,
  ) {
    this.image = new ImageData(width, height);
    this.image.data.fill(255);
  }

  /** Paints the ink up to `frame`; returns the rectangle that changed (null: none). */
  paintTo(frame: number): PixelRect | null {
    const { width, height } = this.image;
    const fresh = frame < this.#painted || this.#painted < 0;
    if (frame < this.#painted) {
      this.image.data.fill(255);
      this.#painted = -1;
    }
    const pixels = this.image.data;
    const { order, start, grey } = this.data;
    let [left, top, right, bottom] = [width, height, -1, -1];
    for (let i = start[this.#painted + 1]!, end = start[frame + 1]!; i < end; i++) {
      const p = order[i]!;
      const g = grey[p]!;
      pixels[p * 4] = g;
      pixels[p * 4 + 1] = g;
      pixels[p * 4 + 2] = g;
      const x = p % width;
      const y = (p - x) / width;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
    this.#painted = frame;
    if (fresh) return { left: 0, top: 0, width, height };
    return right < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
  }
}
