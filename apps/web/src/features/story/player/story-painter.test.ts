import { sceneTextSchedule } from '@rasma/engine/outline';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayData } from '@/features/stroke-editor/messages';
import type { HeldHand } from '@/features/stroke-editor/use-held-hand';
import { StoryPainter, type PaintedScene } from './story-painter';
import { stubImageData } from '@/test/image-data';
import type { PlannedPicture } from './use-planned-pictures';

// jsdom has no ImageData and no 2D canvas: their shapes are enough here.
stubImageData();
vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
  () => ({ putImageData: vi.fn() }) as unknown as CanvasRenderingContext2D,
);
afterEach(() => vi.clearAllMocks());

/** What the painter put on the frame: each image with where and how opaque. */
function recordingContext() {
  const images: { image: unknown; x: number; y: number; width?: number; alpha: number }[] = [];
  const context = {
    globalAlpha: 1,
    fillRect: vi.fn(),
    drawImage(image: unknown, x: number, y: number, width?: number) {
      images.push({ image, x, y, width, alpha: this.globalAlpha });
    },
  };
  return { context: context as unknown as CanvasRenderingContext2D, images };
}

const FRAME = { width: 960, height: 540 };
const HAND = { image: 'hand', tipX: 5, tipY: 7 } as unknown as HeldHand;

/** A 100x50 picture drawn over 90 frames, its pen at (k, 2k) in frame k. */
const picture: PlannedPicture = {
  edits: {},
  width: 100,
  height: 50,
  partEnds: new Map(),
  play: {
    drawFrames: 90,
    grey: new Uint8Array(5000),
    order: new Int32Array(0),
    start: new Int32Array(91),
    tips: new Float32Array(Array.from({ length: 180 }, (_, i) => (i % 2 ? i - 1 : i / 2))),
  } as unknown as PlayData,
};

const scene = (fillsFrame: boolean): PaintedScene => ({
  picture,
  fillsFrame,
  schedule: sceneTextSchedule({ drawingTime: 3, texts: [], blank: false }),
  texts: [],
  frames: 150,
});

describe('the story painter', () => {
  it('fits a picture inside the margin on the paper, the hand at its pen', () => {
    const { context, images } = recordingContext();
    new StoryPainter(context, FRAME).paint(
      [scene(false)],
      { kind: 'scene', scene: 0, frame: 30 },
      HAND,
    );
    // 5% of 540 around it (28 px, even as the render has it): 904 x 452 at (28, 44).
    const [ink, hand] = images;
    expect(ink).toMatchObject({ x: 28, y: 44, width: 904 });
    expect(hand).toMatchObject({ image: 'hand' });
    expect(hand!.x).toBeCloseTo(28 + 30 * 9.04 - 5);
    expect(hand!.y).toBeCloseTo(44 + 60 * 9.04 - 7);
  });

  it('lets the first picture of a story at its own proportions be the frame', () => {
    const { context, images } = recordingContext();
    new StoryPainter(context, { width: 960, height: 480 }).paint(
      [scene(true)],
      { kind: 'scene', scene: 0, frame: 120 },
      HAND,
    );
    // Held on: the hand has lifted.
    expect(images).toEqual([expect.objectContaining({ x: 0, y: 0, width: 960 })]);
  });

  it('fades the finished picture over the next paper, and slides it out', () => {
    const { context, images } = recordingContext();
    const painter = new StoryPainter(context, FRAME);
    const scenes = [scene(false), scene(false)];
    painter.paint(scenes, { kind: 'transition', scene: 0, transition: 'fade', t: 0.25 }, HAND);
    expect(images).toEqual([expect.objectContaining({ x: 28, alpha: 0.75 })]);

    images.length = 0;
    painter.paint(scenes, { kind: 'transition', scene: 0, transition: 'slide', t: 1 }, HAND);
    expect(images).toEqual([expect.objectContaining({ x: 28 - 960, alpha: 1 })]);
  });
});
