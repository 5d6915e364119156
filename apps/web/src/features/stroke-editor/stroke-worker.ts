import type { StrokeEdits } from '@/lib/contract';
import type {
  StrokeEditorRequest,
  StrokeEditorResponse,
  StrokePlanInput,
  StrokeView,
} from './messages';

/** The drawing, what it was planned from and shows, and whether it is behind what was asked. */
export interface StrokeWorkerState {
  view: StrokeView | null;
  /** The plan input `view` was drawn from (the one asked may be newer while the worker works). */
  input: StrokePlanInput | null;
  /** The edits `view` shows. */
  shownEdits: StrokeEdits | null;
  pending: boolean;
  failed: boolean;
}

const NOTHING_YET: StrokeWorkerState = {
  view: null,
  input: null,
  shownEdits: null,
  pending: false,
  failed: false,
};

/**
 * The stroke editor's Web Worker, one per image (strokes.worker.ts): started on the first request,
 * kept while the image is open, so that strokes planned ahead while the editor is closed are there
 * the moment it opens. It plans anew only for a new input, and otherwise edits its last plan. The
 * latest request wins: while the worker is busy only the newest waits (keeping a new plan it asked
 * for), so a burst of edits never queues up work and the page never waits.
 */
export class StrokeWorker {
  #worker: Worker | null = null;
  #nextId = 0;
  #busy = false;
  #waiting: StrokeEditorRequest | null = null;
  /** The newest request: a repeat of it is not sent again. */
  #asked: { input: StrokePlanInput; edits: StrokeEdits; play: boolean } | null = null;
  /** What each request in flight or waiting was for. */
  readonly #requests = new Map<number, { input: StrokePlanInput; edits: StrokeEdits }>();
  #state = NOTHING_YET;
  readonly #listeners = new Set<() => void>();

  /** The drawing of `input` with `edits` (and the preview's frames with `play`). */
  ask(input: StrokePlanInput, edits: StrokeEdits, play: boolean): void {
    const asked = this.#asked;
    if (asked?.input === input && asked.edits === edits && asked.play === play) return;
    this.#asked = { input, edits, play };
    const id = ++this.#nextId;
    this.#requests.set(id, { input, edits });
    // A plan asked for and not yet sent is still needed by the request that replaces it.
    const plan = asked?.input !== input ? input : this.#waiting?.plan;
    const request: StrokeEditorRequest = { id, edits, play, ...(plan && { plan }) };
    if (this.#busy) {
      if (this.#waiting) this.#requests.delete(this.#waiting.id);
      this.#waiting = request;
    } else this.#send(request);
    this.#update({ pending: true });
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly state = (): StrokeWorkerState => this.#state;

  /** Ends the worker; a later request starts a new one, which plans anew. */
  dispose(): void {
    this.#worker?.terminate();
    this.#worker = null;
    this.#busy = false;
    this.#waiting = null;
    this.#asked = null;
    this.#requests.clear();
    this.#update(NOTHING_YET);
  }

  #send(request: StrokeEditorRequest): void {
    try {
      this.#worker ??= this.#start();
    } catch {
      this.#update({ pending: false, failed: true });
      return;
    }
    this.#busy = true;
    this.#worker.postMessage(request);
  }

  #start(): Worker {
    const worker = new Worker(new URL('./strokes.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<StrokeEditorResponse>) => this.#answered(data);
    // It could not load (the page went offline) or died: the next request starts a new one.
    worker.onerror = () => {
      this.dispose();
      this.#update({ failed: true });
    };
    return worker;
  }

  #answered(response: StrokeEditorResponse): void {
    this.#busy = false;
    const request = this.#requests.get(response.id);
    this.#requests.delete(response.id);
    const waiting = this.#waiting;
    this.#waiting = null;
    if (waiting) this.#send(waiting);
    const pending = this.#busy;
    if ('error' in response || !request) this.#update({ pending, failed: true });
    else
      this.#update({
        view: response,
        input: request.input,
        shownEdits: request.edits,
        pending,
        failed: false,
      });
  }

  #update(change: Partial<StrokeWorkerState>): void {
    this.#state = { ...this.#state, ...change };
    for (const listener of this.#listeners) listener();
  }
}
