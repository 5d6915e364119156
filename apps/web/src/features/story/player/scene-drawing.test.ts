import { FPS, sceneTextSchedule } from '@rasma/engine/outline';
import { describe, expect, it } from 'vitest';
import { sceneDrawingAt } from './scene-drawing';

const block = (id: string, text: string, at: string) => ({ id, text, style: 'print' as const, at });

describe('a scene at one of its frames', () => {
  // 10 s: a title written before the picture, a caption after part 0.3 (half the picture).
  const texts = [block('caption', 'Hi', '0.3'), block('title', 'Hello', 'before')];
  const schedule = sceneTextSchedule(
    { drawingTime: 10, texts, blank: false },
    new Map([['0.3', 0.5]]),
  );
  const planFrames = 10 * FPS;
  const at = (frame: number) => sceneDrawingAt(schedule, planFrames, frame, texts.length);
  const [title, caption] = schedule.texts;

  it('writes the title first, draws half the picture, writes the caption, then the rest', () => {
    expect(title!.id).toBe('title');
    expect(title!.start).toBe(0);
    expect(at(0)).toMatchObject({ pictureFrame: -1, pen: { kind: 'text', block: 1 } });
    expect(at(title!.end - 1).written).toEqual([0, 1]);

    // The picture is drawn faster than planned: its frames are those the text leaves.
    const halfway = at(caption!.start - 1);
    expect(halfway.pen).toEqual({ kind: 'picture' });
    expect(Math.abs(halfway.pictureFrame - (planFrames / 2 - 1))).toBeLessThanOrEqual(1);
    const writing = at(Math.floor((caption!.start + caption!.end) / 2));
    expect(writing.pen).toEqual({ kind: 'text', block: 0 });
    expect(writing.pictureFrame).toBe(halfway.pictureFrame);
    expect(writing.written[0]).toBeGreaterThan(0.4);
    expect(writing.written[0]).toBeLessThan(0.6);

    expect(at(schedule.drawFrames - 1)).toEqual({
      pictureFrame: planFrames - 1,
      written: [1, 1],
      pen: { kind: 'picture' },
    });
  });

  it('holds the finished picture and text after the drawing, the pen lifted', () => {
    expect(at(schedule.drawFrames + 20)).toEqual({
      pictureFrame: planFrames - 1,
      written: [1, 1],
      pen: null,
    });
  });

  it('on a blank board, writes the blocks in turn from the start and then rests', () => {
    const board = sceneTextSchedule({
      drawingTime: 6,
      texts: [block('a', 'One', 'after')],
      blank: true,
    });
    const [only] = board.texts;
    expect(sceneDrawingAt(board, 6 * FPS, 0, 1)).toEqual({
      pictureFrame: -1,
      written: [1 / (only!.end - only!.start)],
      pen: { kind: 'text', block: 0 },
    });
    expect(sceneDrawingAt(board, 6 * FPS, only!.end, 1)).toEqual({
      pictureFrame: -1,
      written: [1],
      pen: null,
    });
  });
});
