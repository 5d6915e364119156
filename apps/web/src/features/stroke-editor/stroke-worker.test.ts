import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { StrokeEdits } from '@/lib/contract';
import type { StrokeEditorRequest, StrokePlanInput, StrokeView } from './messages';
import { StrokeWorker } from './stroke-worker';
import { usePlanAhead, useStrokeView } from './use-stroke-view';

/**
 * The browser's Worker, standing in for strokes.worker.ts (jsdom has none): it keeps what it is
 * sent, and answers the oldest unanswered request when told to, as the worker answers in order.
 */
class FakeWorker {
  static made: FakeWorker[] = [];
  readonly received: StrokeEditorRequest[] = [];
  answered = 0;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(request: StrokeEditorRequest) {
    this.received.push(request);
  }
  terminate() {}
  /** Answers the next request with a drawing planned by the last request that carried a plan. */
  answer() {
    const request = this.received[this.answered++]!;
    const planId = this.received.slice(0, this.answered).reduce((id, r) => (r.plan ? r.id : id), 0);
    const view = { id: request.id, planId, plannedParts: ['0.0'] } as Partial<StrokeView>;
    act(() => this.onmessage?.({ data: view }));
  }
}

const input = (longSide = 960): StrokePlanInput => ({
  image: new Blob(),
  longSide,
  zones: [],
  settings: { grayscaleLevel: 50, direction: 'Left to right', drawingTime: 10 },
});
const NONE: StrokeEdits = {};
const DELETED: StrokeEdits = { deleted: [{ part: '0.0', points: [[1, 1]] }] };

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('plans only for a new input, edits the last plan otherwise, and sends a repeat nothing', () => {
  const worker = new StrokeWorker();
  const first = input();
  worker.ask(first, NONE, false);
  const [fake] = FakeWorker.made;
  fake!.answer();
  worker.ask(first, NONE, false);
  worker.ask(first, DELETED, false);
  fake!.answer();
  worker.ask(input(800), DELETED, false);

  expect(FakeWorker.made).toHaveLength(1);
  expect(fake!.received.map((r) => [r.plan?.longSide, r.edits])).toEqual([
    [960, NONE],
    [undefined, DELETED],
    [800, DELETED],
  ]);
});

it('keeps only the newest request waiting while it works, with the new plan a replaced one asked', () => {
  const worker = new StrokeWorker();
  const first = input();
  worker.ask(first, NONE, false);
  const [fake] = FakeWorker.made;
  const second = input(800);
  worker.ask(second, NONE, false);
  worker.ask(second, DELETED, false);
  expect(fake!.received).toHaveLength(1);
  expect(worker.state().pending).toBe(true);

  fake!.answer(); // the first drawing is shown, and the newest request sent
  expect(worker.state()).toMatchObject({ input: first, shownEdits: NONE, pending: true });
  expect(fake!.received.map((r) => [r.plan?.longSide, r.edits])).toEqual([
    [960, NONE],
    [800, DELETED],
  ]);
  fake!.answer();
  expect(worker.state()).toMatchObject({ input: second, shownEdits: DELETED, pending: false });
});

it('plans ahead once the settings stay put, so the editor opens on the drawing without planning', () => {
  const worker = new StrokeWorker();
  const ahead = renderHook((props) => usePlanAhead(worker, props), {
    initialProps: { enabled: true, input: input(900), edits: NONE },
  });
  const settled = input();
  ahead.rerender({ enabled: true, input: settled, edits: NONE }); // a change within the delay
  act(() => {
    vi.advanceTimersByTime(1000);
  });
  const [fake] = FakeWorker.made;
  expect(fake!.received.map((r) => r.plan?.longSide)).toEqual([960]);
  fake!.answer();

  // The editor opens: planning ahead stops, and the drawing is there at once.
  ahead.rerender({ enabled: false, input: settled, edits: NONE });
  const onPlanned = vi.fn();
  const editor = renderHook(() =>
    useStrokeView({ worker, input: settled, edits: NONE, play: false, onPlanned }),
  );
  expect(editor.result.current).toMatchObject({ input: settled, pending: false });
  expect(editor.result.current.view).not.toBeNull();
  expect(onPlanned).toHaveBeenCalledTimes(1);
  expect(fake!.received).toHaveLength(1);
});

it('starts a new worker for the next request when its worker could not load', () => {
  const worker = new StrokeWorker();
  const first = input();
  worker.ask(first, NONE, false);
  act(() => FakeWorker.made[0]!.onerror?.());
  expect(worker.state()).toMatchObject({ failed: true, pending: false });

  worker.ask(first, NONE, false); // the editor opened, asking for the same drawing
  expect(FakeWorker.made).toHaveLength(2);
  expect(FakeWorker.made[1]!.received.map((r) => r.plan?.longSide)).toEqual([960]);
  FakeWorker.made[1]!.answer();
  expect(worker.state()).toMatchObject({ input: first, failed: false });
});
