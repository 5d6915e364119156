/**
 * Ceilings on the page views a client can add, counted in this process in fixed windows (from each
 * key's first view in it). A person moving through the site stays far below them; a script sending
 * beacons in a loop is counted up to them and no further, so it cannot flood the statistics or the
 * database. Views beyond a ceiling are answered as usual and not counted.
 */
abstract class WindowedCeiling<T> {
  private readonly windows = new Map<string, { start: number; seen: T }>();

  constructor(private readonly windowMs: number) {}

  protected abstract fresh(): T;

  /** The window `key` is in at `now` (ms), a new one when its last has ended. */
  protected windowOf(key: string, now: number): T {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (!window) this.forgetEnded(now);
      window = { start: now, seen: this.fresh() };
      this.windows.set(key, window);
    }
    return window.seen;
  }

  /** Drops the windows that have ended, once there are many (the map must not grow forever). */
  private forgetEnded(now: number): void {
    if (this.windows.size < FORGET_FROM) return;
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(key);
    }
  }
}

/** At most `max` views for one key (a visitor, an address) in any one window. */
export class ViewCeiling extends WindowedCeiling<{ views: number }> {
  constructor(
    private readonly max: number,
    windowMs: number,
  ) {
    super(windowMs);
  }

  protected fresh() {
    return { views: 0 };
  }

  /** Counts one view of `key` at `now` (ms); false when the window already holds `max`. */
  allows(key: string, now: number): boolean {
    const window = this.windowOf(key, now);
    window.views++;
    return window.views <= this.max;
  }
}

/**
 * At most `max` different visitors from one address in any one window: a script that varies its
 * User-Agent is a new visitor each time, a household or an office is not.
 */
export class VisitorCeiling extends WindowedCeiling<Set<string>> {
  constructor(
    private readonly max: number,
    windowMs: number,
  ) {
    super(windowMs);
  }

  protected fresh() {
    return new Set<string>();
  }

  /** True when `visitor` is one of the first `max` seen from `address` in the window. */
  allows(address: string, visitor: string, now: number): boolean {
    const visitors = this.windowOf(address, now);
    if (visitors.has(visitor)) return true;
    if (visitors.size >= this.max) return false;
    visitors.add(visitor);
    return true;
  }
}

const FORGET_FROM = 10_000;
