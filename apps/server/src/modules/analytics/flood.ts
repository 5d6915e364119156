import { isIPv6 } from 'node:net';

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

/**
 * The client an address stands for, as the ceilings per address count it: an IPv6 address's /64 (a
 * home or a phone is given a whole /64 and can send from any address in it), an IPv4 address (also
 * one mapped into IPv6) as it is.
 */
export function clientOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  // 16-bit groups; an IPv4 tail is the last two (it never falls in the first four).
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const [before, after] = address.split('::');
  const head = groups(before);
  const tail = groups(after);
  const all =
    after === undefined
      ? head
      : [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
