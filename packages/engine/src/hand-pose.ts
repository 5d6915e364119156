/**
 * How the hand is held for the drawing's direction: pure, so the browser holds it as the video
 * does.
 */
import type { HandPose } from './frames.js';
import type { Direction } from './types.js';

/** How the hand is held: which way its arm reaches, and turned by `degrees` about the pen tip. */
export interface HandHold extends HandPose {
  degrees: number;
}

/**
 * How the hand is held for a drawing direction: off what is drawn already. A right hand reaches
 * right for a drawing going left to right and down for one going top to bottom, over paper still
 * blank; mirrored for right to left and bottom to top. A hand lying on the drawing uncovers some
 * of it in every frame it moves, and the encoder codes that ink again: the night photo drawn right
 * to left was 6.1 MB with the right hand as drawn and 2.55 MB held this way; left to right 2.83
 * and 2.48 MB (README, The hand's cost).
 */
export function handPose(direction: Direction): HandHold {
  const across = direction === 'Left to right' || direction === 'Right to left';
  return {
    x: direction === 'Right to left' ? -1 : 1,
    y: direction === 'Bottom to top' ? -1 : 1,
    // The SVG's arm runs 30 degrees below the horizontal: turned towards the drawing's way.
    degrees: across ? -25 : 25,
  };
}
