import { isIPv6 } from 'node:net';
import type { Db } from '../../db/client.js';
import {
  countInWindow,
  deleteWindowsBefore,
  setWindowStart,
  windowStarts,
} from './queries/ceilings.js';

/**
 * Ceilings on the page views a client can add, counted in the database in fixed windows (from each
 * key's first view in it), so every server process counts against the same ceiling. A person moving
 * through the site stays far below them; a script sending beacons in a loop is counted up to them
 * and no further, so it cannot flood the statistics: past a ceiling, a beacon reads or changes one
 * count and stores nothing else. Views beyond a ceiling are answered as usual and not counted.
 */
export class AnalyticsCeilings {
  constructor(private readonly db: Db) {}

  /** Counts one view of `key` at `now`; false when its window already holds `max`. */
  async allowsView(key: string, max: number, window: CeilingWindow, now: Date): Promise<boolean> {
    return (await this.countIn(`views:${key}`, max, window, now)) !== undefined;
  }

  /**
   * True when `visitor` is one of the first `max` different visitors from `address` in the
   * address's window at `now`: a script that varies its User-Agent is a new visitor each time, a
   * household or an office is not.
   */
  async allowsVisitor(
    address: string,
    visitor: string,
    max: number,
    window: CeilingWindow,
    now: Date,
  ): Promise<boolean> {
    const visitors = `visitors:${address}`;
    const seen = `visitor:${address}:${visitor}`;
    const starts = await windowStarts(this.db, [visitors, seen]);
    const current = starts.get(visitors)?.getTime();
    const mine = starts.get(seen)?.getTime();
    if (current === mine && current !== undefined && now.getTime() - current < WINDOW_MS[window]) {
      return true;
    }
    const start = await this.countIn(visitors, max, window, now);
    if (!start) return false;
    // Seen in this window of the address's: a row per visitor it let in, replaced window by window.
    await setWindowStart(this.db, seen, start);
    return true;
  }

  /**
   * Adds one to `key`'s count, in a new window from `now` when its last has ended, unless the
   * window already holds `max`; the window's start when it counted, undefined when it did not.
   */
  private async countIn(
    key: string,
    max: number,
    window: CeilingWindow,
    now: Date,
  ): Promise<Date | undefined> {
    return countInWindow(this.db, key, max, WINDOW_MS[window], now);
  }
}

/** The windows a ceiling counts in. */
const WINDOW_MS = { minute: 60_000, hour: 3_600_000 };
type CeilingWindow = keyof typeof WINDOW_MS;

/** Deletes the counts whose windows had ended by `now`. */
export async function deleteEndedCeilings(db: Db, now: Date): Promise<void> {
  const longest = Math.max(...Object.values(WINDOW_MS));
  await deleteWindowsBefore(db, new Date(now.getTime() - longest));
}

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
