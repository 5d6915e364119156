/**
 * 8-connected components of a mask, found on horizontal runs joined with a union-find: the cost
 * follows the number of runs, not of pixels, and no queue of pixels is kept. Pure.
 */

/** A mask's runs: run i covers row `row[i]`, columns `start[i]` to `end[i] - 1`. */
interface Runs {
  count: number;
  start: Int32Array;
  end: Int32Array;
  row: Int32Array;
  /** Component of each run: the index of its component's first run (in raster order). */
  root: Int32Array;
  /** Pixels of each component, at its root's index. */
  size: Int32Array;
}

/** Components of the non-zero pixels of `mask`; with `groupMap`, pixels of different groups never join. */
function runComponents(
  mask: Uint8Array,
  width: number,
  height: number,
  groupMap?: Uint8Array | Uint16Array | Uint32Array,
): Runs {
  let cap = 1024;
  let start = new Int32Array(cap);
  let end = new Int32Array(cap);
  let row = new Int32Array(cap);
  let parent = new Int32Array(cap);
  let count = 0;
  const find = (a: number): number => {
    while (parent[a] !== a) {
      const p = parent[parent[a]!]!;
      parent[a] = p;
      a = p;
    }
    return a;
  };
  let prevFirst = 0;
  let prevEnd = 0;
  for (let y = 0; y < height; y++) {
    const o = y * width;
    const first = count;
    let k = prevFirst;
    let x = 0;
    while (x < width) {
      if (mask[o + x] === 0) {
        x++;
        continue;
      }
      const s0 = x;
      const g = groupMap ? groupMap[o + x]! : 0;
      x++;
      while (x < width && mask[o + x] !== 0 && (!groupMap || groupMap[o + x] === g)) x++;
      if (count === cap) {
        cap *= 2;
        start = grow(start, cap);
        end = grow(end, cap);
        row = grow(row, cap);
        parent = grow(parent, cap);
      }
      start[count] = s0;
      end[count] = x;
      row[count] = y;
      parent[count] = count;
      // Join with runs of the previous row that touch [s0 - 1, x] (8-connectivity).
      while (k < prevEnd && end[k]! < s0) k++;
      for (let j = k; j < prevEnd && start[j]! <= x; j++) {
        if (groupMap && groupMap[(y - 1) * width + start[j]!] !== g) continue;
        const a = find(j);
        const b = find(count);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
      count++;
    }
    prevFirst = first;
    prevEnd = count;
  }
  // Roots are always the smaller index: a component's root is its first run.
  const root = new Int32Array(count);
  const size = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const r = find(i);
    root[i] = r;
    size[r] = size[r]! + end[i]! - start[i]!;
  }
  return { count, start, end, row, root, size };
}

function grow(a: Int32Array, cap: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(cap);
  b.set(a);
  return b;
}

/**
 * Clears 8-connected ink components smaller than `minSize` pixels, in place, and writes the size
 * of each kept pixel's component into `sizes` when given. With `groupMap`, pixels of different
 * groups are never one component (several masks at once, each its own group).
 */
export function removeSpecks(
  ink: Uint8Array,
  width: number,
  height: number,
  minSize: number,
  sizes?: Int32Array,
  groupMap?: Uint8Array,
): void {
  const runs = runComponents(ink, width, height, groupMap);
  for (let i = 0; i < runs.count; i++) {
    const total = runs.size[runs.root[i]!]!;
    const from = runs.row[i]! * width + runs.start[i]!;
    const to = runs.row[i]! * width + runs.end[i]!;
    if (total < minSize) ink.fill(0, from, to);
    else sizes?.fill(total, from, to);
  }
}

/**
 * 8-connected components of the non-zero pixels of `mask`, never joining pixels of different
 * groups. Labels start at 0, numbered in the raster order of each component's first pixel; -1
 * marks pixels outside the mask.
 */
export function labelComponents(
  mask: Uint8Array,
  groupMap: Uint8Array | Uint16Array | Uint32Array,
  width: number,
  height: number,
): { label: Int32Array; count: number; sizes: Int32Array } {
  const runs = runComponents(mask, width, height, groupMap);
  const label = new Int32Array(width * height).fill(-1);
  const labelOfRoot = new Int32Array(runs.count);
  const sizes: number[] = [];
  for (let i = 0; i < runs.count; i++) {
    const r = runs.root[i]!;
    if (r === i) {
      labelOfRoot[i] = sizes.length;
      sizes.push(runs.size[i]!);
    }
    const o = runs.row[i]! * width;
    label.fill(labelOfRoot[r]!, o + runs.start[i]!, o + runs.end[i]!);
  }
  return { label, count: sizes.length, sizes: Int32Array.from(sizes) };
}
