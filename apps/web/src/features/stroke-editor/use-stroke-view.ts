import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { StrokeEdits } from '@/lib/contract';
import type { StrokePlanInput, StrokeView } from './messages';
import { StrokeWorker, type StrokeWorkerState } from './stroke-worker';

/** How long the settings stay put before the strokes are planned ahead for a closed editor. */
const AHEAD_DELAY_MS = 500;

/** The image's stroke worker, ended with the component that holds it. */
export function useStrokeWorker(): StrokeWorker {
  const [worker] = useState(() => new StrokeWorker());
  useEffect(() => () => worker.dispose(), [worker]);
  return worker;
}

/**
 * Plans the strokes while the editor is closed, once the image and settings have stayed put for a
 * moment: opening the editor then shows them at once instead of after a second or two of planning.
 */
export function usePlanAhead(
  worker: StrokeWorker,
  { enabled, input, edits }: { enabled: boolean; input: StrokePlanInput; edits: StrokeEdits },
): void {
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => worker.ask(input, edits, false), AHEAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [worker, enabled, input, edits]);
}

/**
 * The edited drawing from the image's stroke worker: planned anew when `input` changes, only edited
 * when `edits` do. The last drawing stays shown until the next is ready.
 */
export function useStrokeView({
  worker,
  input,
  edits,
  play,
  onPlanned,
}: {
  worker: StrokeWorker;
  input: StrokePlanInput;
  edits: StrokeEdits;
  play: boolean;
  /** Called with the first drawing of each new plan (new settings: its parts may differ). */
  onPlanned: (view: StrokeView) => void;
}): StrokeWorkerState {
  const state = useSyncExternalStore(worker.subscribe, worker.state);
  useEffect(() => worker.ask(input, edits, play), [worker, input, edits, play]);

  const planned = useRef(onPlanned);
  useEffect(() => {
    planned.current = onPlanned;
  });
  const announced = useRef<number | null>(null);
  const { view } = state;
  const current = view !== null && state.input === input;
  useEffect(() => {
    if (!current || view.planId === announced.current) return;
    announced.current = view.planId;
    planned.current(view);
  }, [current, view]);

  return state;
}
