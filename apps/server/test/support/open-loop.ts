import { setTimeout as delay } from 'node:timers/promises';

/** One request's latency, and what `tag()` said when it was sent. */
export interface Sample<Tag> {
  ms: number;
  tag: Tag;
}

/** `batchSize` concurrent requests every `intervalMs`. */
const SCHEDULE = { batchSize: 4, intervalMs: 25 };

/**
 * An open-loop load: sends batches of `get(url)` with `cookie` on a fixed schedule while
 * `more(batch)`, each latency counted from when its batch was due. A stalled event loop then
 * delays every request due meanwhile, not only those in flight (a closed loop would hide it).
 */
export async function openLoop<Tag>(
  url: string,
  cookie: string,
  more: (batch: number) => boolean,
  tag: () => Tag,
): Promise<Sample<Tag>[]> {
  const samples: Promise<Sample<Tag>>[] = [];
  const start = performance.now();
  for (let batch = 0; more(batch); batch++) {
    const due = start + batch * SCHEDULE.intervalMs;
    await delay(due - performance.now());
    for (let i = 0; i < SCHEDULE.batchSize; i++) samples.push(get(url, cookie, due, tag()));
  }
  return Promise.all(samples);
}

async function get<Tag>(url: string, cookie: string, due: number, tag: Tag): Promise<Sample<Tag>> {
  const res = await fetch(url, { headers: { cookie } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return { ms: performance.now() - due, tag };
}

/** The `q` quantile (0-1) of `values`, by the nearest-rank method. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

/** "p50 …, p99 …, max … over n requests". */
export function latencySummary(latencies: number[]): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `p50 ${ms(quantile(latencies, 0.5))}, p99 ${ms(quantile(latencies, 0.99))}, max ${ms(Math.max(...latencies))} over ${latencies.length} requests`;
}
