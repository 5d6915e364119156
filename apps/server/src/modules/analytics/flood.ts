/**
 * A ceiling on the page views one visitor can add: at most `max` in any one `windowMs` window
 * (fixed windows from each visitor's first view in it), counted in this process. A person moving
 * through the site stays far below it; a script sending beacons in a loop is counted up to it and
 * no further, so it cannot flood the statistics or the database.
 */
export class ViewCeiling {
  private readonly windows = new Map<string, { start: number; views: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one view of `visitor` at `now` (ms); false when the window already holds `max`. */
  allows(visitor: string, now: number): boolean {
    let window = this.windows.get(visitor);
    if (!window || now - window.start >= this.windowMs) {
      if (!window) this.forgetEnded(now);
      window = { start: now, views: 0 };
      this.windows.set(visitor, window);
    }
    window.views++;
    return window.views <= this.max;
  }

  /** Drops the windows that have ended, once there are many (the map must not grow forever). */
  private forgetEnded(now: number): void {
    if (this.windows.size < FORGET_FROM) return;
    for (const [visitor, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(visitor);
    }
  }
}

const FORGET_FROM = 10_000;
