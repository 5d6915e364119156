/**
 * Stories as a viewer sees them, measured on the frames the engine makes (and, for a whole story,
 * on the MP4 decoded back): text written as pen strokes in reading order, each transition's
 * frames, and each scene's ink in its own time.
 */
import { join } from 'node:path';
import type { Transition } from '@rasma/contract/story-limits';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FfmpegInfo } from '../src/ffmpeg.js';
import { resolveFfmpeg } from '../src/ffmpeg.js';
import { glyphOf } from '../src/handwriting-glyphs.js';
import { handwritingStrokes } from '../src/handwriting.js';
import type { HandwrittenBlock } from '../src/handwriting.js';
import type { SceneSettings, StorySceneInput } from '../src/story-params.js';
import { renderStory } from '../src/story-render.js';
import type { InternalStoryParams } from '../src/story-render.js';
import { TEXT_GREY, textPenRadius } from '../src/text-ink.js';
import { FPS, storyTimeline } from '../src/timeline.js';
import { CAMERA_DROP, transitionView } from '../src/transition-view.js';
import { extractFrame, probeVideo } from '../src/video-file.js';
import { GREY_TO_Y } from '../src/yuv.js';
import { linesPng, scenePng } from './fixtures.js';
import { frameSink, freshDir } from './helpers.js';
import { clicks, makeSound, onsets, SOUND_RATE, soundOf, tone } from './sounds.js';

const PAPER = GREY_TO_Y[255]!;
/** Darker than this is ink. */
const INK = 128;
let ffmpeg: FfmpegInfo;
let vertical: Buffer;
let horizontal: Buffer;

beforeAll(async () => {
  ffmpeg = await resolveFfmpeg();
  vertical = await linesPng(320, 180);
  horizontal = await linesPng(320, 180, true);
});

const scene = (over: Partial<SceneSettings> = {}): SceneSettings => ({
  id: 'scene',
  direction: 'Left to right',
  grayscaleLevel: 128,
  drawingTime: 2,
  holdSeconds: 0.5,
  texts: [],
  transition: { kind: 'cut', seconds: 1 },
  strokeMasks: [],
  ...over,
});

const text = (over: Partial<HandwrittenBlock & { at: string }> = {}) => ({
  id: 'text',
  text: 'Rasma',
  style: 'print' as const,
  x: 0.5,
  y: 0.5,
  size: 0.2,
  rotation: 0,
  at: 'after',
  ...over,
});

/** Every frame a story hands the encoder (the luma and chroma planes, copied). */
async function framesOf(
  scenes: StorySceneInput[],
  over: Partial<InternalStoryParams> = {},
): Promise<{ frames: Uint8Array[]; width: number; height: number }> {
  const dir = await freshDir();
  const frames: Uint8Array[] = [];
  const result = await renderStory({
    output: join(dir, 'story.mp4'),
    options: { shape: '16:9', hand: 'none' },
    longSide: 320,
    ffmpeg,
    sink: frameSink((frame) => {
      frames.push(frame.slice());
      return Promise.resolve();
    }),
    scenes,
    ...over,
  });
  return { frames, width: result.width, height: result.height };
}

const luma = (frame: Uint8Array, width: number, height: number) =>
  frame.subarray(0, width * height);
const inkCount = (plane: Uint8Array) => plane.reduce((n, v) => n + (v < INK ? 1 : 0), 0);

describe('handwriting in a video', () => {
  it('draws text as pen strokes: its ink is the pen width times the strokes length, not filled glyphs', async () => {
    const block = text({ text: 'Rasma Ödön', size: 0.15 });
    const longSide = 1920;
    const { frames, width, height } = await framesOf(
      [{ scene: scene({ holdSeconds: 0, texts: [block] }) }],
      { longSide },
    );
    const ink = inkCount(luma(frames.at(-1)!, width, height));
    const length = handwritingStrokes(block, { width, height }).reduce(
      (sum, line) =>
        sum +
        line.slice(1).reduce((s, p, i) => s + Math.hypot(p.x - line[i]!.x, p.y - line[i]!.y), 0),
      0,
    );
    const penWidth = 2 * textPenRadius({ width, height }, block.size);
    const ratio = ink / (length * penWidth);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });

  it('writes the letters in reading order: the ink grows rightwards, the first letter whole before the last begins', async () => {
    const block = text({ text: 'HUL', size: 0.3 });
    const { frames, width, height } = await framesOf([
      { scene: scene({ drawingTime: 3, holdSeconds: 0, texts: [block] }) },
    ]);
    const strokes = handwritingStrokes(block, { width, height });
    const first = strokes.slice(0, glyphOf('print', 'H')!.strokes.length).flat();
    const last = strokes.slice(-glyphOf('print', 'L')!.strokes.length).flat();
    const span = (points: { x: number }[]) => [
      Math.min(...points.map((p) => p.x)) - 2,
      Math.max(...points.map((p) => p.x)) + 2,
    ];
    const [firstLeft, firstRight] = span(first);
    const [lastLeft] = span(last);
    const inColumns = (frame: Uint8Array, from: number, to: number) => {
      let n = 0;
      for (let p = 0; p < width * height; p++) {
        const x = p % width;
        if (x >= from && x <= to && frame[p]! < INK) n++;
      }
      return n;
    };
    const rightEdge = (frame: Uint8Array) => {
      let edge = -1;
      for (let p = 0; p < width * height; p++)
        if (frame[p]! < INK) edge = Math.max(edge, p % width);
      return edge;
    };
    const edges = frames.map(rightEdge);
    for (let k = 1; k < edges.length; k++) expect(edges[k]).toBeGreaterThanOrEqual(edges[k - 1]!);
    const firstWhole = inColumns(frames.at(-1)!, firstLeft!, firstRight!);
    const lastBegins = frames.findIndex((f) => inColumns(f, lastLeft!, width) > 0);
    expect(lastBegins).toBeGreaterThan(0);
    expect(inColumns(frames[lastBegins]!, firstLeft!, firstRight!)).toBe(firstWhole);
  });
});

describe('text in colour', () => {
  it('stays grey ink over a coloured picture: the colouring does not paint over the words', async () => {
    const block = text({ text: 'HELLO', x: 0.25, y: 0.66, size: 0.08 });
    const { frames, width, height } = await framesOf(
      [{ input: await scenePng(960, 540), scene: scene({ holdSeconds: 0, texts: [block] }) }],
      { options: { shape: '16:9', hand: 'none', aiModel: 'rasma-ai-color' }, longSide: 960 },
    );
    const last = frames.at(-1)!;
    const chroma = (x: number, y: number) => {
      const at = (Math.floor(y / 2) * width) / 2 + Math.floor(x / 2);
      const u = last[width * height + at]!;
      const v = last[width * height + (width / 2) * (height / 2) + at]!;
      return Math.max(Math.abs(u - 128), Math.abs(v - 128));
    };
    // The red house the words are written on is coloured around them...
    expect(chroma(width * 0.25, height * 0.58)).toBeGreaterThan(20);
    // ...and the pen's path itself is the text's dark grey, with no colour, point after point.
    const points = handwritingStrokes(block, { width, height }).flat();
    for (const p of points) {
      expect(last[Math.round(p.y) * width + Math.round(p.x)]).toBe(GREY_TO_Y[TEXT_GREY]);
      expect(chroma(p.x, p.y)).toBe(0);
    }
  });
});

describe('text at a part of the drawing', () => {
  it('is written right after that part, long before the picture ends; on a blank board, in turn', async () => {
    // Under the picture's lines (they end above 0.9 of the height).
    const below = (at: string) => text({ text: 'I I', at, y: 0.95, size: 0.06 });
    const firstInk = async (at: string) => {
      const { frames, width, height } = await framesOf([
        { input: vertical, scene: scene({ drawingTime: 4, holdSeconds: 0, texts: [below(at)] }) },
      ]);
      const from = Math.round(height * 0.91) * width;
      return frames.findIndex((f) => inkCount(f.subarray(from, width * height)) > 0);
    };
    const afterFirstPart = await firstInk('0.0');
    const afterPicture = await firstInk('after');
    expect(afterFirstPart).toBeGreaterThan(0);
    expect(afterFirstPart).toBeLessThan(afterPicture / 2);
    const blank = await framesOf([{ scene: scene({ texts: [below('0.0')] }) }]);
    expect(inkCount(luma(blank.frames.at(-1)!, blank.width, blank.height))).toBeGreaterThan(0);
  });
});

describe('transitions', () => {
  /** A picture scene, then a blank board with a word: the frames, and where the transition is. */
  async function across(kind: Transition) {
    const scenes = [
      { input: vertical, scene: scene({ id: 'a', transition: { kind, seconds: 1 } }) },
      { scene: scene({ id: 'b', texts: [text({ size: 0.3 })] }) },
    ];
    const rendered = await framesOf(scenes);
    const time = storyTimeline(
      scenes.map((s) => s.scene),
      false,
    );
    return { ...rendered, scenes, transition: time.transitions[0]! };
  }

  it('cut: the frame after the first scene is the next scene first frame', async () => {
    const { frames, scenes, transition } = await across('cut');
    expect(transition.frames).toBe(0);
    const alone = await framesOf([scenes[1]!]);
    expect(frames[transition.start]).toEqual(alone.frames[0]);
    expect(inkCount(frames[transition.start - 1]!)).toBeGreaterThan(500);
  });

  it('fade: the middle frame is the mean of the finished picture and the paper', async () => {
    const { frames, width, height, transition } = await across('fade');
    expect(transition.frames).toBe(30);
    const finished = luma(frames[transition.start - 1]!, width, height);
    const middle = luma(frames[transition.start + 14]!, width, height);
    const t = 15 / 31;
    for (let p = 0; p < width * height; p++)
      expect(Math.abs(middle[p]! - (finished[p]! * (1 - t) + PAPER * t))).toBeLessThanOrEqual(1);
    const mean = (plane: Uint8Array) => plane.reduce((s, v) => s + v, 0) / plane.length;
    expect(mean(middle)).toBeCloseTo((mean(finished) + PAPER) / 2, -0.5);
  });

  for (const [kind, middleShare, drop] of [
    ['slide', [0.8, 0.95], 0],
    ['camera', [0.4, 0.6], CAMERA_DROP],
  ] as const)
    it(`${kind}: the finished picture moves out by the promised offset, paper coming in`, async () => {
      const { frames, width, height, transition } = await across(kind);
      const finished = luma(frames[transition.start - 1]!, width, height);
      for (const j of [4, 14, 24]) {
        const frame = luma(frames[transition.start + j]!, width, height);
        const view = transitionView(kind, (j + 1) / 31, { width, height }).outgoing;
        const [shiftX, shiftY] = [-view.x, -view.y];
        if (j === 14) {
          expect(shiftX / width).toBeGreaterThan(middleShare[0]);
          expect(shiftX / width).toBeLessThan(middleShare[1]);
        }
        // A slide goes straight left; the camera also rises, by its drop as far as it has gone.
        expect(Math.abs(shiftY - (drop * height * shiftX) / width)).toBeLessThanOrEqual(2);
        for (let y = 0; y < height; y += 7) {
          const row = y * width;
          const paper = (from: number, to: number) =>
            frame.subarray(row + from, row + to).every((v) => v === PAPER);
          if (y + shiftY >= height) {
            expect(paper(0, width)).toBe(true);
            continue;
          }
          const source = (y + shiftY) * width;
          expect(frame.subarray(row, row + width - shiftX)).toEqual(
            finished.subarray(source + shiftX, source + width),
          );
          expect(paper(width - shiftX, width)).toBe(true);
        }
      }
    });
});

describe('a three-scene story', () => {
  it('lasts its timeline to the frame, each scene showing its own ink and no other', async () => {
    const dir = await freshDir();
    const output = join(dir, 'story.mp4');
    const scenes = [
      { input: vertical, scene: scene({ id: 'a', transition: { kind: 'camera', seconds: 1 } }) },
      {
        scene: scene({
          id: 'b',
          holdSeconds: 1,
          texts: [text({ y: 0.3, size: 0.15 })],
          transition: { kind: 'cut', seconds: 1 },
        }),
      },
      { input: horizontal, scene: scene({ id: 'c', holdSeconds: 1 }) },
    ] satisfies StorySceneInput[];
    const progress: number[] = [];
    const result = await renderStory({
      output,
      options: { shape: '16:9' },
      longSide: 320,
      ffmpeg,
      scenes,
      onProgress: (p) => progress.push(p),
    });
    const time = storyTimeline(
      scenes.map((s) => s.scene),
      false,
    );
    const video = await probeVideo(ffmpeg.path, output);
    expect(video.frames).toBe(time.totalFrames);
    expect(result).toMatchObject({ frames: time.totalFrames, sceneCount: 3 });
    expect(progress.at(-1)).toBe(100);
    const { width, height } = result;
    /** Edges across the rows (vertical lines) and down the columns (horizontal lines). */
    const edges = async (frame: number) => {
      // The first frame at or after the time: frame's own, half a frame before it.
      const grey = await extractFrame(ffmpeg.path, output, (frame - 0.5) / 30, 'gray');
      let across = 0;
      let down = 0;
      let outsideText = 0;
      for (let y = 0; y < height - 1; y++)
        for (let x = 0; x < width - 1; x++) {
          const p = y * width + x;
          across += Math.abs(grey[p]! - grey[p + 1]!);
          down += Math.abs(grey[p]! - grey[p + width]!);
          if (grey[p]! < INK && (y < height * 0.15 || y > height * 0.45)) outsideText++;
        }
      return { across, down, outsideText, ink: inkCount(grey) };
    };
    // The last frame of each scene's hold (the hand gone).
    const [a, b, c] = time.scenes.map((s) => s.start + s.frames - 1);
    const first = await edges(a!);
    expect(first.across).toBeGreaterThan(3 * first.down);
    const title = await edges(b!);
    expect(title.ink).toBeGreaterThan(100);
    expect(title.outsideText).toBe(0);
    const last = await edges(c!);
    expect(last.down).toBeGreaterThan(3 * last.across);
  });
});

describe("a story's sound", () => {
  it('runs once over the whole story: a voice is heard when it was said, across the scenes', async () => {
    const dir = await freshDir();
    const output = join(dir, 'story.mp4');
    // Two scenes of 1.5 s with a fade of 1 s between them: 4 s in all. A click in each scene.
    const times = [0.5, 3.2];
    const voice = await makeSound(ffmpeg.path, join(dir, 'voice.wav'), {
      expr: clicks(times),
      seconds: 3.6,
    });
    const music = await makeSound(ffmpeg.path, join(dir, 'music.wav'), {
      expr: tone(110, 0.05),
      seconds: 1.5,
    });
    const scenes = [
      {
        input: vertical,
        scene: scene({ id: 'a', drawingTime: 1, transition: { kind: 'fade', seconds: 1 } }),
      },
      { input: horizontal, scene: scene({ id: 'b', drawingTime: 1 }) },
    ] satisfies StorySceneInput[];
    const result = await renderStory({
      output,
      options: { shape: '16:9', hand: 'none', audio: { music: { loop: true } } },
      longSide: 160,
      ffmpeg,
      scenes,
      audio: { voice, music },
    });
    // 4 s of scenes; the voice, 3.6 s and its tail, holds the last scene to 4.1 s.
    const frames = storyTimeline(
      scenes.map((s) => s.scene),
      false,
      3.6,
    ).totalFrames;
    expect(frames).toBe(Math.round(4.1 * FPS));
    expect(result.frames).toBe(frames);
    const samples = await soundOf(ffmpeg.path, output);
    // As long as the picture (not as one scene), the voice's clicks where they were said.
    expect(Math.abs(samples.length / SOUND_RATE - frames / FPS)).toBeLessThanOrEqual(2 / FPS);
    const heard = onsets(samples);
    expect(heard).toHaveLength(times.length);
    heard.forEach((at, i) => expect(Math.abs(at - times[i]!)).toBeLessThan(1 / FPS));
  });
});
