import { ApiError } from '@/lib/http';
import {
  STORAGE_LIMITS,
  type ErrorCode,
  type ProjectSaved,
  type ProjectStateInput,
} from '@/lib/contract';
import { createProject, saveProject, saveProjectAsPageLeaves } from '../api';

/** An autosave waits this long after the last change: a burst of changes is one request. */
export const AUTOSAVE_DELAY_MS = 1000;
/** A failed save is tried again after this long, doubled each time up to `max`. */
export const RETRY_DELAY_MS = { first: 2000, max: 30_000 } as const;
/** What a browser still sends as the page goes away (`keepalive` takes up to 64 KB). */
const KEEPALIVE_MAX_BYTES = 60_000;

/**
 * `saving`: changes wait or travel; `saved`: the server has the latest; `failed`: the last try
 * failed and another is coming; `gone`: the project was deleted, so nothing more is saved;
 * `refused`: the project could not be made (see `getRefusal`), so nothing is; `too-large`: the
 * state is over the server's limit, so it is not sent, until it changes.
 */
export type SaveStatus = 'saving' | 'saved' | 'failed' | 'gone' | 'refused' | 'too-large';

/** Why a project cannot be made: the server's message says which limit, and what to do. */
const REFUSALS: ReadonlySet<ErrorCode | undefined> = new Set<ErrorCode>([
  'TOO_MANY_PROJECTS',
  'STORAGE_QUOTA_REACHED',
  'TOO_MANY_NEW_PROJECTS',
]);

/** A state's size as the server counts it: the bytes of its JSON. */
const stateBytes = (json: string) => new TextEncoder().encode(json).length;

/** A status after which nothing more is saved. */
const isFinal = (status: SaveStatus) => status === 'gone' || status === 'refused';

export interface SaverEvents {
  /** The project now exists on the server (its first save made it). */
  onCreated(id: string): void;
  onSaved(saved: ProjectSaved): void;
}

/**
 * Keeps one image's project saved: the first save creates it (the image sent once, at once), each
 * later change is saved `delayMs` after the last one, one request at a time; a failure is tried
 * again, later and later. Closing it saves what is not saved yet.
 */
export class ProjectSaver {
  private id: string | null;
  /** The state the server has; null before the project exists. */
  private saved: ProjectStateInput | null;
  /** Its JSON: a new state with the same JSON is nothing to send. */
  private savedJson: string | null;
  /** The state the server found too large: not sent again. */
  private tooLarge: ProjectStateInput | null = null;
  private refusal = '';
  private latest: ProjectStateInput;
  private status: SaveStatus;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending = false;
  /** A save was asked for while one was travelling: it goes once that one is back. */
  private sendAgain = false;
  /** Save even when nothing changed (a video was made from it: it becomes the newest). */
  private touch = false;
  private failures = 0;
  private closed = false;
  private closing: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();
  private events: SaverEvents = { onCreated: () => {}, onSaved: () => {} };

  constructor(
    private readonly image: File,
    project: { id: string | null; state: ProjectStateInput },
    private readonly delayMs = AUTOSAVE_DELAY_MS,
  ) {
    this.id = project.id;
    this.saved = project.id ? project.state : null;
    this.savedJson = project.id ? JSON.stringify(project.state) : null;
    this.latest = project.state;
    this.status = project.id ? 'saved' : 'saving';
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getStatus = () => this.status;

  /** The server's reason a project could not be made (status `refused`). */
  getRefusal = () => this.refusal;

  /** Who hears of the project's creation and of each save. */
  tell(events: SaverEvents) {
    this.events = events;
  }

  /** A new state to keep: saved after the delay (at once when the project is still to be made). */
  change(state: ProjectStateInput) {
    this.latest = state;
    if (isFinal(this.status)) return;
    if (!this.isDirty() && !this.sending) {
      // Changed back to what the server has: nothing to send.
      clearTimeout(this.timer);
      this.setStatus('saved');
      return;
    }
    this.setStatus('saving');
    this.schedule(this.id ? this.delayMs : 0);
  }

  /** Saves now, changed or not. */
  saveNow() {
    this.touch = true;
    this.runNow();
  }

  /**
   * The editor is closing: once this task is over, what is not saved is sent, and nothing is tried
   * again after a failure. Unless `keepOpen` comes first: React's strict mode unmounts and mounts
   * each editor once more as it starts, which must not save anything.
   */
  closeSoon() {
    this.closing = setTimeout(() => this.close(), 0);
  }

  keepOpen() {
    clearTimeout(this.closing);
  }

  private close() {
    this.closed = true;
    if (this.isDirty()) this.runNow();
  }

  /**
   * The page is going away: a small unsaved change goes with `keepalive`, which outlives the page
   * (a larger one cannot, and is lost with at most the last second of work).
   */
  leave() {
    if (!this.id || !this.isDirty() || isFinal(this.status) || this.status === 'too-large') return;
    const body = JSON.stringify({ state: this.latest });
    if (body.length > KEEPALIVE_MAX_BYTES) return;
    saveProjectAsPageLeaves(this.id, body);
  }

  private isDirty() {
    return this.id === null || this.latest !== this.saved || this.touch;
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), ms);
  }

  private runNow() {
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.run();
  }

  private async run() {
    this.timer = undefined;
    if (this.sending) {
      this.sendAgain = true;
      return;
    }
    if (isFinal(this.status)) return;
    if (!this.isDirty()) {
      this.setStatus('saved');
      return;
    }
    const state = this.latest;
    const json = JSON.stringify(state);
    if (this.id && !this.touch && json === this.savedJson) {
      // Changed back to what the server has.
      this.saved = state;
      this.setStatus('saved');
      return;
    }
    if (state === this.tooLarge || stateBytes(json) > STORAGE_LIMITS.maxStateBytes) {
      this.setStatus('too-large');
      return;
    }
    this.setStatus('saving');
    this.sending = true;
    this.touch = false;
    try {
      if (this.id) {
        this.events.onSaved(await saveProject(this.id, state));
      } else {
        const project = await createProject(this.image, state);
        this.id = project.id;
        if (!this.closed) this.events.onCreated(project.id);
      }
      this.saved = state;
      this.savedJson = json;
      this.failures = 0;
    } catch (error) {
      this.failed(error, state);
    } finally {
      this.sending = false;
    }
    if (isFinal(this.getStatus()) || this.failures > 0) {
      this.sendAgain = false; // the retry sends the latest state
    } else if (this.sendAgain) {
      this.sendAgain = false;
      void this.run();
    } else if (!this.isDirty()) {
      this.setStatus('saved');
    }
  }

  private failed(error: unknown, state: ProjectStateInput) {
    const apiError = error instanceof ApiError ? error : null;
    if (apiError?.status === 404) {
      this.stop('gone');
      return;
    }
    if (apiError && REFUSALS.has(apiError.code)) {
      this.refusal = apiError.serverMessage;
      this.stop('refused');
      return;
    }
    if (apiError?.code === 'STATE_TOO_LARGE') {
      this.tooLarge = state;
      this.setStatus('too-large');
      return;
    }
    this.failures += 1;
    this.setStatus('failed');
    if (this.closed) return;
    const delay = Math.min(RETRY_DELAY_MS.first * 2 ** (this.failures - 1), RETRY_DELAY_MS.max);
    // A busy server (429) says when to come back: not before.
    this.schedule(Math.max(delay, apiError?.retryAfterMs ?? 0));
  }

  private stop(status: 'gone' | 'refused') {
    clearTimeout(this.timer);
    this.setStatus(status);
  }

  private setStatus(status: SaveStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.listeners) listener();
  }
}
