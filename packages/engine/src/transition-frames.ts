/**
 * A transition's frames (`transitionView`): the outgoing scene's finished picture faded over, or
 * moved off the frame (left, or left and up) across, the next scene's blank paper. yuv420p, made in one
 * reused frame. Pure.
 */
import type { Transition } from '@rasma/contract/story-limits';
import { transitionView } from './transition-view.js';
import { frameBytes, GREY_TO_Y, NEUTRAL_CHROMA } from './yuv.js';

const PAPER_Y = GREY_TO_Y[255]!;

export class TransitionFrames {
  private readonly frame: Uint8Array;

  constructor(
    private readonly kind: Transition,
    /** The finished picture (a yuv420p frame); read, never changed. */
    private readonly finished: Uint8Array,
    private readonly width: number,
    private readonly height: number,
  ) {
    this.frame = new Uint8Array(frameBytes(width, height));
  }

  /** The frame at `t` (0-1) through the transition. */
  at(t: number): Uint8Array {
    const { width, height, finished, frame } = this;
    const view = transitionView(this.kind, t, { width, height });
    const { x, y, opacity } = view.outgoing;
    const luma = width * height;
    const planes: [offset: number, w: number, h: number, paper: number, chroma: boolean][] = [
      [0, width, height, PAPER_Y, false],
      [luma, width / 2, height / 2, NEUTRAL_CHROMA, true],
      [luma + luma / 4, width / 2, height / 2, NEUTRAL_CHROMA, true],
    ];
    for (const [offset, w, h, paper, chroma] of planes) {
      const plane = frame.subarray(offset, offset + w * h);
      const source = finished.subarray(offset, offset + w * h);
      const [shiftX, shiftY] = chroma ? [-x / 2, -y / 2] : [-x, -y];
      if (shiftX === 0 && shiftY === 0) {
        for (let i = 0; i < plane.length; i++)
          plane[i] = Math.round(paper + (source[i]! - paper) * opacity);
        continue;
      }
      // The picture moves left by `shiftX` and up by `shiftY`; paper where it has left.
      const kept = Math.max(0, w - shiftX);
      plane.fill(paper);
      for (let row = 0; row + shiftY < h; row++) {
        const from = (row + shiftY) * w + shiftX;
        plane.set(source.subarray(from, from + kept), row * w);
      }
    }
    return frame;
  }
}
