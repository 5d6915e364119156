import { describe, expect, it } from 'vitest';
import { textWritingSeconds } from './handwriting.js';
import { sceneTextSchedule } from './text-schedule.js';
import { FPS } from './timeline.js';

const text = (id: string, at: string, words = 'Hello world') => ({
  id,
  text: words,
  style: 'print' as const,
  at,
});
const natural = Math.floor(textWritingSeconds(text('a', 'after')) * FPS);

describe('sceneTextSchedule', () => {
  it('writes each block at its natural speed at its moment; the picture takes the rest', () => {
    const schedule = sceneTextSchedule({
      drawingTime: 30,
      blank: false,
      texts: [text('end', 'after'), text('title', 'before'), text('mid', '0.3')],
    });
    expect(schedule.speedUp).toBe(1);
    expect(schedule.pictureFrames).toBe(900 - 3 * natural);
    const [title, mid, end] = schedule.texts;
    expect(title).toEqual({ id: 'title', block: 1, start: 0, end: natural });
    // Part 0.3 is not named among the part ends: written after the picture, after "end".
    expect([mid!.id, end!.id]).toEqual(['end', 'mid']);
    expect(end!.end).toBe(900);
    // The stretches tile the drawing frames.
    const stretches = schedule.stretches;
    expect(stretches[0]!.start).toBe(0);
    for (let i = 1; i < stretches.length; i++)
      expect(stretches[i]!.start).toBe(stretches[i - 1]!.end);
    expect(stretches.at(-1)!.end).toBe(900);
  });

  it('writes a block right after the part it names, the picture resuming where it paused', () => {
    const schedule = sceneTextSchedule(
      { drawingTime: 20, blank: false, texts: [text('mid', '0.3')] },
      new Map([['0.3', 0.5]]),
    );
    const half = Math.round((600 - natural) / 2);
    expect(schedule.stretches).toEqual([
      { kind: 'picture', start: 0, end: half, from: 0 },
      { kind: 'text', start: half, end: half + natural, block: 0 },
      { kind: 'picture', start: half + natural, end: 600, from: half },
    ]);
  });

  it('speeds the text up to half the drawing time with a picture, all of it on a blank board', () => {
    const long = 'The quick brown fox jumps over the lazy dog';
    const texts = [text('a', 'after', long), text('b', 'before', long)];
    const withPicture = sceneTextSchedule({ drawingTime: 5, blank: false, texts });
    expect(withPicture.speedUp).toBeGreaterThan(1);
    const written = withPicture.texts.reduce((sum, t) => sum + t.end - t.start, 0);
    expect(written).toBeLessThanOrEqual(75);
    expect(written).toBeGreaterThan(70);
    expect(withPicture.pictureFrames).toBe(150 - written);
    const blank = sceneTextSchedule({ drawingTime: 5, blank: true, texts });
    expect(blank.pictureFrames).toBe(0);
    expect(blank.texts.map((t) => t.id)).toEqual(['a', 'b']);
    expect(blank.texts.at(-1)!.end).toBeLessThanOrEqual(150);
    expect(blank.texts.at(-1)!.end).toBeGreaterThan(145);
  });
});
