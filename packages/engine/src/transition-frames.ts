/**
 * A transition's frames (`transitionView`): the outgoing scene's finished picture faded over, or
 * moved off the frame to the left across, the next scene's blank paper. yuv420p, made in one
 * reused frame. Pure.
 */
import type { Transition } from '@rasma/contract/story-limits';
import { transitionView } from './transition-view.js';
import { frameBytes, GREY_TO_Y } from './yuv.js';

const PAPER_Y = GREY_TO_Y[255]!;
const NEUTRAL_CHROMA = 128;

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
    const { x, opacity } = view.outgoing;
    const luma = width * height;
    const planes: [offset: number, w: number, h: number, paper: number, shift: number][] = [
      [0, width, height, PAPER_Y, -x],
      [luma, width / 2, height / 2, NEUTRAL_CHROMA, -x / 2],
      [luma + luma / 4, width / 2, height / 2, NEUTRAL_CHROMA, -x / 2],
    ];
    for (const [offset, w, h, paper, shift] of planes) {
      const plane = frame.subarray(offset, offset + w * h);
      const source = finished.subarray(offset, offset + w * h);
      if (shift === 0) {
        for (let i = 0; i < plane.length; i++)
          plane[i] = Math.round(paper + (source[i]! - paper) * opacity);
        continue;
      }
      // The picture moves left by `shift`; the paper comes in on the right.
      const kept = Math.max(0, w - shift);
      for (let y = 0; y < h; y++) {
        const row = y * w;
        plane.set(source.subarray(row + shift, row + shift + kept), row);
        plane.fill(paper, row + kept, row + w);
      }
    }
    return frame;
  }
}
