/**
 * What a transition shows at a moment: where the outgoing scene's finished picture and the
 * incoming scene's blank paper lie in the frame, and how opaque the picture is (the paper is
 * always whole: a fade is the picture fading from over it). Pure geometry, browser-safe: the
 * render composes its frames with it and the web app's preview plays the same moves.
 */
import type { Transition } from '@rasma/contract/story-limits';

/** A layer's horizontal offset in pixels (negative: moved left) and its opacity 0-1. */
export interface LayerView {
  x: number;
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
 * The transition `kind` at `t` (0 its start, 1 its end) in a frame: a cut shows the next paper at
 * once; a fade fades the picture out over the next paper; a slide pushes the picture out to the
 * left with the paper following it; a camera move travels right across one board, the picture
 * passing out on the left (the same geometry as a slide, eased in and out). Offsets are whole,
 * even pixels, as a frame's chroma needs.
 */
export function transitionView(
  kind: Transition,
  t: number,
  frame: { width: number; height: number },
): TransitionView {
  const at = Math.min(1, Math.max(0, t));
  const shifted = (share: number): TransitionView => {
    const x = 2 * Math.round((share * frame.width) / 2);
    return { outgoing: { x: -x, opacity: 1 }, incoming: { x: frame.width - x, opacity: 1 } };
  };
  switch (kind) {
    case 'cut':
      return { outgoing: { x: 0, opacity: 0 }, incoming: { x: 0, opacity: 1 } };
    case 'fade':
      return { outgoing: { x: 0, opacity: 1 - at }, incoming: { x: 0, opacity: 1 } };
    case 'slide':
      return shifted(easeOut(at));
    case 'camera':
      return shifted(easeInOut(at));
  }
}
