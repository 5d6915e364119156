/**
 * What a transition shows at a moment: where the outgoing scene's finished picture and the
 * incoming scene's blank paper lie in the frame, and how opaque the picture is (the paper is
 * always whole: a fade is the picture fading from over it). Pure geometry, browser-safe: the
 * render composes its frames with it and the web app's preview plays the same moves.
 */
import type { Transition } from '@rasma/contract/story-limits';

/** A layer's offset in pixels (negative: moved left or up) and its opacity 0-1. */
export interface LayerView {
  x: number;
  y: number;
  opacity: number;
}

export interface TransitionView {
  outgoing: LayerView;
  incoming: LayerView;
}

/** A slide decelerates as the paper comes to rest. */
const easeOut = (t: number) => 1 - (1 - t) ** 3;
/** A camera move starts and stops gently. */
const easeInOut = (t: number) => (1 - Math.cos(Math.PI * t)) / 2;
/**
 * On the whiteboard each scene is drawn beside the last and this share of the frame's height
 * lower, so the camera travels across and down: a pan over one board, not a slide.
 */
export const CAMERA_DROP = 0.25;
/** Whole, even pixels, as a frame's chroma needs. */
const even = (pixels: number) => 2 * Math.round(pixels / 2);

/**
 * The transition `kind` at `t` (0 its start, 1 its end) in a frame: a cut shows the next paper at
 * once; a fade fades the picture out over the next paper; a slide pushes the picture out to the
 * left with the paper following it; a camera move travels across one board, right and down to
 * where the next scene is drawn, eased in and out, the picture passing out on the upper left.
 * Offsets are whole, even pixels, as a frame's chroma needs.
 */
export function transitionView(
  kind: Transition,
  t: number,
  frame: { width: number; height: number },
): TransitionView {
  const at = Math.min(1, Math.max(0, t));
  /** The picture moved `share` of the way to its place off the frame, `drop` of a height up. */
  const moved = (share: number, drop: number): TransitionView => {
    const x = even(share * frame.width);
    const y = even(share * drop * frame.height);
    return {
      outgoing: { x: -x, y: -y, opacity: 1 },
      incoming: { x: frame.width - x, y: even(drop * frame.height) - y, opacity: 1 },
    };
  };
  switch (kind) {
    case 'cut':
      return { outgoing: { x: 0, y: 0, opacity: 0 }, incoming: { x: 0, y: 0, opacity: 1 } };
    case 'fade':
      return { outgoing: { x: 0, y: 0, opacity: 1 - at }, incoming: { x: 0, y: 0, opacity: 1 } };
    case 'slide':
      return moved(easeOut(at), 0);
    case 'camera':
      return moved(easeInOut(at), CAMERA_DROP);
  }
}
