import { ApiError } from '@/lib/http';
import { api, endpointUrl, type ProjectSaved, type ProjectStateInput } from '@/lib/contract';
import { createProject, saveProject } from './project-api';

/** An autosave waits this long after the last change: a burst of changes is one request. */
export const AUTOSAVE_DELAY_MS = 1000;
/** A failed save is tried again after this long, doubled each time up to `max`. */
export const RETRY_DELAY_MS = { first: 2000, max: 30_000 } as const;
/** What a browser still sends as the page goes away (`keepalive` takes up to 64 KB). */
const KEEPALIVE_MAX_BYTES = 60_000;

/**
 * `saving`: changes wait or travel; `saved`: the server has the latest; `failed`: the last try
 * failed and another is coming; `gone`: the project was deleted, so nothing more is saved;
 * `refused`: the project could not be made (the person has as many as they may), so nothing is.
 */
export type SaveStatus = 'saving' | 'saved' | 'failed' | 'gone' | 'refused';

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
    this.latest = project.state;
    this.status = project.id ? 'saved' : 'saving';
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getStatus = () => this.status;

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
    if (!this.id || !this.isDirty() || isFinal(this.status)) return;
    const body = JSON.stringify({ state: this.latest });
    if (body.length > KEEPALIVE_MAX_BYTES) return;
    void fetch(endpointUrl(api.saveProject, { id: this.id }), {
      method: api.saveProject.method,
      headers: { 'Content-Type': 'application/json' },
      body,
      credentials: 'include',
      keepalive: true,
    }).catch(() => undefined);
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
      this.failures = 0;
    } catch (error) {
      this.failed(error);
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

  private failed(error: unknown) {
    const final =
      error instanceof ApiError && error.status === 404
        ? 'gone'
        : error instanceof ApiError && error.code === 'TOO_MANY_PROJECTS'
          ? 'refused'
          : null;
    if (final) {
      clearTimeout(this.timer);
      this.setStatus(final);
      return;
    }
    this.failures += 1;
    this.setStatus('failed');
    if (this.closed) return;
    const delay = RETRY_DELAY_MS.first * 2 ** (this.failures - 1);
    this.schedule(Math.min(delay, RETRY_DELAY_MS.max));
  }

  private setStatus(status: SaveStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.listeners) listener();
  }
}
