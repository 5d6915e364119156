import { useEffect, useRef, useState } from 'react';
import type { StrokeEdits } from '@/lib/contract';
import type {
  StrokeEditorRequest,
  StrokeEditorResponse,
  StrokePlanInput,
  StrokeView,
} from './messages';

/** The drawing, the edits it shows, and whether it is behind what was asked. */
export interface StrokeViewState {
  view: StrokeView | null;
  /** The edits `view` shows (those asked may be newer while the worker works). */
  shownEdits: StrokeEdits | null;
  pending: boolean;
  failed: boolean;
}

/**
 * The edited drawing, worked out in a Web Worker while `enabled`: planned anew when `input`
 * changes, only edited when `edits` do. The latest request wins: while the worker is busy only the
 * newest waits (keeping a new plan it asked for), so a burst of edits never queues up work and the
 * page never waits. The last drawing stays shown until the next is ready.
 */
export function useStrokeView({
  enabled,
  input,
  edits,
  play,
  onPlanned,
}: {
  enabled: boolean;
  input: StrokePlanInput;
  edits: StrokeEdits;
  play: boolean;
  /** Called with the first drawing of each new plan (new settings: its parts may differ). */
  onPlanned: (view: StrokeView) => void;
}): StrokeViewState {
  const [state, setState] = useState<StrokeViewState>({
    view: null,
    shownEdits: null,
    pending: false,
    failed: false,
  });
  const worker = useRef<{ post(request: Omit<StrokeEditorRequest, 'id'>): void } | null>(null);
  const planned = useRef(onPlanned);
  useEffect(() => {
    planned.current = onPlanned;
  });

  useEffect(() => {
    if (!enabled) return;
    const instance = new Worker(new URL('./strokes.worker.ts', import.meta.url), {
      type: 'module',
    });
    let nextId = 0;
    let busy = false;
    let waiting: StrokeEditorRequest | null = null;
    let lastPlanId: number | null = null;
    const asked = new Map<number, StrokeEdits>();
    const send = (request: StrokeEditorRequest) => {
      busy = true;
      asked.set(request.id, request.edits);
      instance.postMessage(request);
    };
    instance.onmessage = ({ data }: MessageEvent<StrokeEditorResponse>) => {
      busy = false;
      const shownEdits = asked.get(data.id) ?? null;
      asked.delete(data.id);
      if (waiting) send(waiting);
      waiting = null;
      if (!('error' in data) && data.planId !== lastPlanId) {
        lastPlanId = data.planId;
        planned.current(data);
      }
      setState((previous) =>
        'error' in data
          ? { ...previous, pending: busy, failed: true }
          : { view: data, shownEdits, pending: busy, failed: false },
      );
    };
    instance.onerror = () => setState((previous) => ({ ...previous, failed: true }));
    worker.current = {
      post(request) {
        // A plan asked for and not yet sent is still needed by the request that replaces it.
        const numbered = { ...request, plan: request.plan ?? waiting?.plan, id: ++nextId };
        if (!numbered.plan) delete numbered.plan;
        setState((previous) => ({ ...previous, pending: true }));
        if (busy) waiting = numbered;
        else send(numbered);
      },
    };
    return () => {
      instance.terminate();
      worker.current = null;
      setState({ view: null, shownEdits: null, pending: false, failed: false });
    };
  }, [enabled]);

  // A new worker, or new settings, plan anew; otherwise the worker edits its last plan.
  const plannedFor = useRef<{ input: StrokePlanInput; worker: unknown } | null>(null);
  useEffect(() => {
    const current = worker.current;
    if (!enabled || !current) return;
    const fresh = plannedFor.current?.input !== input || plannedFor.current.worker !== current;
    plannedFor.current = { input, worker: current };
    current.post({ ...(fresh && { plan: input }), edits, play });
  }, [enabled, input, edits, play]);

  return state;
}
