import { CAMERA_DROP, FPS } from '@rasma/engine/outline';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Transition } from '@/lib/contract';
import { textBlock } from '@/test/text-block';
import type { PlayerScene } from './player-scene';
import { StoryPlayer } from './story-player';

/** The 2D context's calls that put ink on the canvas, as a test can read them. */
function recordingContext() {
  const lines: { x: number; y: number; alpha: number }[][] = [];
  const context = {
    globalAlpha: 1,
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    lineCap: '',
    lineJoin: '',
    fillRect: vi.fn(),
    drawImage: vi.fn(),
    beginPath: () => lines.push([]),
    moveTo(x: number, y: number) {
      lines.at(-1)!.push({ x, y, alpha: this.globalAlpha });
    },
    lineTo(x: number, y: number) {
      lines.at(-1)!.push({ x, y, alpha: this.globalAlpha });
    },
    stroke: vi.fn(),
  };
  return { context, lines };
}

let drawn: ReturnType<typeof recordingContext>;
beforeEach(() => {
  drawn = recordingContext();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => drawn.context as unknown as CanvasRenderingContext2D,
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A blank board with one block: 3 s of drawing (the writing), a hold, a transition. */
const board = (id: string, words: string, kind: Transition, holdSeconds = 1): PlayerScene => ({
  id,
  plan: null,
  edits: {},
  blank: true,
  fillsFrame: true,
  drawingTime: 3,
  holdSeconds,
  texts: [textBlock({ id: `${id}-text`, text: words, size: 0.1 })],
  transition: { kind, seconds: 1 },
});

// 0-4 s the title (3 s + 1 s hold), 4-5 s a camera move, 5-9 s scene 2, a cut, 9-13 s scene 3.
const scenes = [
  board('title', 'Hi', 'camera'),
  board('two', 'Two', 'cut'),
  board('end', 'End', 'fade'),
];

function play() {
  render(
    <StoryPlayer
      scenes={scenes}
      frame={{ width: 1920, height: 1080 }}
      hand="none"
      colour={false}
    />,
  );
  const canvas = screen.getByLabelText('Story preview', { selector: 'canvas' });
  const seek = (seconds: number) => {
    drawn.lines.length = 0;
    fireEvent.change(screen.getByRole('slider', { name: 'Position' }), {
      target: { value: String(Math.round(seconds * FPS)) },
    });
  };
  return { canvas, seek };
}

const xs = () => drawn.lines.flat().map((point) => point.x);
const ys = () => drawn.lines.flat().map((point) => point.y);

describe('the story player', () => {
  it('shows each scene in its time and the transitions between them', () => {
    const { canvas, seek } = play();
    expect(canvas.dataset.scene).toBe('1');
    expect(canvas.dataset.frame).toBe('0');
    expect(screen.getByRole('slider', { name: 'Position' }).getAttribute('max')).toBe(
      String(13 * FPS - 1),
    );

    seek(4.5);
    expect(canvas.dataset.scene).toBe('1');
    expect(canvas.dataset.transition).toBe('camera');
    expect(screen.getByText('Camera move to scene 2 of 3')).toBeTruthy();

    seek(5);
    expect(canvas.dataset).toMatchObject({ scene: '2', frame: String(5 * FPS) });
    expect(canvas.dataset.transition).toBeUndefined();
    expect(screen.getByText('Scene 2 of 3')).toBeTruthy();

    // The cut: scene 2's last frame, then scene 3's first.
    seek(9 - 1 / FPS);
    expect(canvas.dataset.scene).toBe('2');
    seek(9);
    expect(canvas.dataset.scene).toBe('3');
    expect(canvas.dataset.transition).toBeUndefined();
  });

  it('writes a scene’s text as its time goes, and moves the finished scene out in a camera move', () => {
    const { seek } = play();
    seek(0.1);
    const early = drawn.lines.flat().length;
    expect(early).toBeGreaterThan(0);
    seek(3.5);
    const finished = xs();
    expect(finished.length).toBeGreaterThan(early);

    // Half-way through the camera move the title has moved half the frame (960 px at 960 wide)
    // left, and half the board's drop (a quarter of 540 px) up.
    const finishedYs = ys();
    seek(4.5);
    const moving = xs();
    expect(moving).toHaveLength(finished.length);
    moving.forEach((x, i) => expect(finished[i]! - x).toBeCloseTo(480, 0));
    ys().forEach((y, i) =>
      expect(Math.abs(finishedYs[i]! - y - (CAMERA_DROP * 540) / 2)).toBeLessThanOrEqual(1),
    );
  });
});
