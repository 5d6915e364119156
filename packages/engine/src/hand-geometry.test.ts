import { describe, expect, it } from 'vitest';
import { handAcross, handBoxSize, handPixelsPerUnit } from './hand-geometry.js';
import { handPose, loadHand } from './hand.js';

describe("the hand's geometry", () => {
  it.each([
    [1920, 1080],
    [960, 540],
    [320, 240],
  ])(
    "gives the browser's preview the box of the video's hand over %i x %i",
    async (width, height) => {
      const frame = { width, height };
      const sprite = await loadHand(
        handAcross(width, height),
        handPose('Left to right'),
        frame,
        'hand',
      );
      expect(sprite.size).toBe(handBoxSize(handPixelsPerUnit(width, height)));
      // The hand is 0.62 of the short side across, its box 900 of its 520 units.
      expect(sprite.size).toBe(Math.round((900 * Math.round(height * 0.62)) / 520));
    },
  );
});
