import { KIND } from './hatch.js';
import type { OutlineResult } from './outline.js';

/**
 * Strokes: thin the lines to centre lines (Zhang-Suen), split them at junctions and where the zone
 * changes, and walk each piece into a polyline of pixel indices; the hatching's strokes come
 * straight from its lines. Pure, browser-safe.
 */

export interface Stroke {
  /** Drawing group: 0 = the rest of the picture, i + 1 = zone i. */
  group: number;
  /** What the stroke draws (`KIND`: contour, detail, hatch, cross-hatch); contour when absent. */
  kind?: number;
  /** Pixel indices (y * width + x) along the line, in drawing order. */
  pixels: number[];
}

/** Each pixel's group: strokes and owners never cross from one group to another. */
type GroupMap = Uint8Array | Uint16Array;

// Neighbour bit order: N, NE, E, SE, S, SW, W, NW (P2..P9 in Zhang-Suen's paper).
const DX = [0, 1, 1, 1, 0, -1, -1, -1] as const;
const DY = [-1, -1, 0, 1, 1, 1, 0, -1] as const;

/** Number of 0 -> 1 transitions around the 8-neighbourhood (crossing number). */
function transitions(mask: number): number {
  let a = 0;
  for (let i = 0; i < 8; i++) if (!(mask & (1 << i)) && mask & (1 << ((i + 1) & 7))) a++;
  return a;
}

function bitCount(mask: number): number {
  let b = 0;
  for (let i = 0; i < 8; i++) if (mask & (1 << i)) b++;
  return b;
}

/** Deletion tables for both Zhang-Suen sub-iterations, indexed by the neighbour mask. */
const DELETE = [0, 1].map((step) => {
  const table = new Uint8Array(256);
  for (let m = 0; m < 256; m++) {
    const p = (i: number) => (m >> i) & 1; // 0 = P2 (N) ... 7 = P9 (NW)
    const b = bitCount(m);
    if (b < 2 || b > 6 || transitions(m) !== 1) continue;
    const [n, e, s, w] = [p(0), p(2), p(4), p(6)];
    const ok = step === 0 ? n * e * s === 0 && e * s * w === 0 : n * e * w === 0 && n * s * w === 0;
    if (ok) table[m] = 1;
  }
  return table;
});
const CROSSINGS = Uint8Array.from({ length: 256 }, (_, m) => transitions(m));

/**
 * Zhang-Suen thinning of a 0/1 image. Returns a new 0/1 image of one-pixel-wide centre lines.
 * Only border pixels are examined: a pixel is looked at again only after a neighbour was removed
 * (or once more for the other sub-iteration), so thick areas do not cost a full scan per layer.
 */
export function thin(ink: Uint8Array, width: number, height: number): Uint8Array {
  // Work on a copy padded by one pixel so neighbours never leave the array.
  const pw = width + 2;
  const img = new Uint8Array(pw * (height + 2));
  for (let y = 0; y < height; y++)
    img.set(ink.subarray(y * width, (y + 1) * width), (y + 1) * pw + 1);
  const off = DX.map((dx, i) => DY[i]! * pw + dx);
  const [o0, o1, o2, o3, o4, o5, o6, o7] = off as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const maskAt = (q: number) =>
    img[q + o0]! |
    (img[q + o1]! << 1) |
    (img[q + o2]! << 2) |
    (img[q + o3]! << 3) |
    (img[q + o4]! << 4) |
    (img[q + o5]! << 5) |
    (img[q + o6]! << 6) |
    (img[q + o7]! << 7);
  const inList = new Uint8Array(img.length);
  const age = new Uint8Array(img.length);
  let current: number[] = [];
  for (let q = pw; q < img.length - pw; q++) {
    if (img[q] === 1 && maskAt(q) !== 255) {
      current.push(q);
      inList[q] = 1;
    }
  }
  const del: number[] = [];
  for (let step = 0; current.length > 0; step++) {
    const table = DELETE[step & 1]!;
    del.length = 0;
    for (const q of current) if (table[maskAt(q)] === 1) del.push(q);
    for (const q of del) img[q] = 0;
    const next: number[] = [];
    for (const q of current) {
      if (img[q] === 0) continue;
      // Unchanged after both sub-iterations: rest until a neighbour goes.
      if (++age[q]! < 2) next.push(q);
      else inList[q] = 0;
    }
    for (const q of del) {
      inList[q] = 0;
      for (const o of off) {
        const r = q + o;
        if (img[r] !== 1) continue;
        age[r] = 0;
        if (inList[r] === 0) {
          inList[r] = 1;
          next.push(r);
        }
      }
    }
    current = next;
  }
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    out.set(img.subarray((y + 1) * pw + 1, (y + 1) * pw + 1 + width), y * width);
  return out;
}

/**
 * For every ink pixel, the index of its nearest skeleton pixel along the ink (multi-source
 * breadth-first search, 8-connected, never crossing into another group), or -1 when its component
 * has no skeleton pixel.
 */
function nearestSkeleton(
  ink: Uint8Array,
  skeleton: Uint8Array,
  groupMap: GroupMap,
  width: number,
  height: number,
): Int32Array {
  const owner = new Int32Array(ink.length).fill(-1);
  const queue = new Int32Array(ink.length);
  let head = 0;
  let tail = 0;
  for (let p = 0; p < skeleton.length; p++) {
    if (skeleton[p] === 1) {
      owner[p] = p;
      queue[tail++] = p;
    }
  }
  const last = ink.length - width;
  while (head < tail) {
    const p = queue[head++]!;
    const x = p % width;
    const o = owner[p]!;
    const g = groupMap[p];
    const x0 = x > 0 ? -1 : 0;
    const x1 = x < width - 1 ? 1 : 0;
    const y0 = p >= width ? -width : 0;
    const y1 = p < last ? width : 0;
    for (let dy = y0; dy <= y1; dy += width) {
      for (let dx = x0; dx <= x1; dx++) {
        const q = p + dy + dx;
        if (ink[q] === 1 && owner[q] === -1 && groupMap[q] === g) {
          owner[q] = o;
          queue[tail++] = q;
        }
      }
    }
  }
  void height;
  return owner;
}

/**
 * Skeleton of the ink with one extra pixel for any ink component (within one group) that has no
 * centre-line pixel, and each ink pixel's nearest centre-line pixel.
 */
export function centreLines(
  ink: Uint8Array,
  groupMap: GroupMap,
  width: number,
  height: number,
): { skeleton: Uint8Array; owner: Int32Array } {
  const skeleton = thin(ink, width, height);
  const owner = nearestSkeleton(ink, skeleton, groupMap, width, height);
  const stack: number[] = [];
  let missing = false;
  for (let p = 0; p < ink.length; p++) {
    if (ink[p] !== 1 || owner[p] !== -1) continue;
    // Thinning emptied this component: its first pixel becomes a dot; claim the rest.
    missing = true;
    skeleton[p] = 1;
    owner[p] = p;
    stack.push(p);
    while (stack.length > 0) {
      const q = stack.pop()!;
      const x = q % width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const r = q + dy * width + dx;
          if (x + dx < 0 || x + dx >= width || r < 0 || r >= ink.length) continue;
          if (ink[r] === 1 && owner[r] === -1 && groupMap[r] === groupMap[p]) {
            owner[r] = p;
            stack.push(r);
          }
        }
      }
    }
  }
  return {
    skeleton,
    owner: missing ? nearestSkeleton(ink, skeleton, groupMap, width, height) : owner,
  };
}

/**
 * Splits the skeleton into strokes: pieces between endpoints and junctions (crossing number >= 3),
 * never crossing from one group to another, then closed loops. `groupMap` gives each pixel's group.
 */
export function traceStrokes(
  skeleton: Uint8Array,
  groupMap: GroupMap,
  width: number,
  height: number,
): Stroke[] {
  const n = width * height;
  const neighbours = (p: number, out: number[]) => {
    out.length = 0;
    const x = p % width;
    const y = (p - x) / width;
    const g = groupMap[p];
    // Orthogonal first so walks prefer them over diagonal shortcuts.
    for (const i of [0, 2, 4, 6, 1, 3, 5, 7]) {
      const xx = x + DX[i]!;
      const yy = y + DY[i]!;
      if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
      const q = yy * width + xx;
      if (skeleton[q] === 1 && groupMap[q] === g) out.push(q);
    }
    return out;
  };
  const maskOf = (p: number) => {
    const x = p % width;
    const y = (p - x) / width;
    const g = groupMap[p];
    let m = 0;
    for (let i = 0; i < 8; i++) {
      const xx = x + DX[i]!;
      const yy = y + DY[i]!;
      if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
      const q = yy * width + xx;
      if (skeleton[q] === 1 && groupMap[q] === g) m |= 1 << i;
    }
    return m;
  };
  const points: number[] = [];
  const kind = new Uint8Array(n); // 1 = ordinary, 2 = endpoint, 3 = junction
  for (let p = 0; p < n; p++) {
    if (skeleton[p] !== 1) continue;
    points.push(p);
    const m = maskOf(p);
    const c = CROSSINGS[m]!;
    const b = bitCount(m);
    kind[p] = c >= 3 ? 3 : b <= 1 || c <= 1 ? 2 : 1;
  }
  const visited = new Uint8Array(n);
  const strokes: Stroke[] = [];
  const nb: number[] = [];
  const walk = (start: number, first: number) => {
    const pixels = [start, first];
    if (kind[start] !== 3) visited[start] = 1;
    let prev = start;
    let cur = first;
    while (kind[cur] !== 3) {
      visited[cur] = 1;
      let next = -1;
      let junction = -1;
      for (const q of neighbours(cur, nb)) {
        if (q === prev) continue;
        if (kind[q] === 3) {
          if (junction === -1 && q !== start) junction = q;
        } else if (visited[q] === 0 && next === -1) next = q;
      }
      if (junction !== -1) {
        // A junction next door ends the piece there, even if the line could go round it.
        pixels.push(junction);
        break;
      }
      if (next === -1) {
        if (pixels.length > 3 && neighbours(cur, nb).includes(start)) pixels.push(start);
        break;
      }
      pixels.push(next);
      prev = cur;
      cur = next;
    }
    strokes.push({ group: groupMap[start]!, pixels });
  };
  const startFrom = (p: number) => {
    for (const q of [...neighbours(p, nb)]) {
      if (kind[q] !== 3 && visited[q] === 0) walk(p, q);
    }
  };
  for (const p of points)
    if (kind[p] === 2 && visited[p] === 0) {
      visited[p] = 1;
      const first = neighbours(p, nb).find((q) => visited[q] === 0 || kind[q] === 3);
      if (first === undefined) strokes.push({ group: groupMap[p]!, pixels: [p] });
      else walk(p, first);
    }
  for (const p of points) if (kind[p] === 3) startFrom(p);
  for (const p of points) {
    if (visited[p] !== 0 || kind[p] === 3) continue;
    visited[p] = 1;
    const first = neighbours(p, nb).find((q) => visited[q] === 0);
    if (first === undefined) strokes.push({ group: groupMap[p]!, pixels: [p] });
    else walk(p, first);
  }
  // Junction pixels no piece reached (inside a junction cluster) become dots.
  for (const p of points) {
    if (kind[p] !== 3) continue;
    if (!neighbours(p, nb).some((q) => kind[q] !== 3))
      strokes.push({ group: groupMap[p]!, pixels: [p] });
  }
  return strokes;
}

/** Strokes, and each ink pixel's centre-line pixel (-1 for none). */
export interface TracedStrokes {
  strokes: Stroke[];
  owner: Int32Array;
}

/**
 * The pen's strokes for an outline, and each ink pixel's centre-line pixel: the lines' strokes,
 * then the hatching's. Strokes never mix groups or kinds. Lines are thinned to their centre lines
 * (`lineStrokes`); the hatching is drawn along the lines it was made of (`hatchStrokes`). The two
 * are independent, so either may come ready-made (a render traces the lines on its second thread
 * while this one makes the hatching's).
 */
export function penStrokes(
  outline: OutlineResult,
  lines: TracedStrokes = lineStrokes(outline.kind, outline.zoneMap, outline.width, outline.height),
  hatching: TracedStrokes = hatchStrokes(outline),
): TracedStrokes {
  // One owner map for all: the lines' own, filled in with the hatching's.
  const { owner } = lines;
  for (let p = 0; p < owner.length; p++) if (hatching.owner[p]! >= 0) owner[p] = hatching.owner[p]!;
  // Not push(...): a big picture's hatching is more strokes than a call takes arguments.
  return { strokes: lines.strokes.concat(hatching.strokes), owner };
}

/**
 * The pen lines' strokes (contours and details: `kind` as the outline or `penLines` gives it) and
 * each line pixel's centre-line pixel.
 */
export function lineStrokes(
  kind: Uint8Array,
  zoneMap: Uint8Array,
  width: number,
  height: number,
): TracedStrokes {
  const n = width * height;
  const lineInk = new Uint8Array(n);
  const keys = new Uint16Array(n);
  for (let p = 0; p < n; p++) {
    const k = kind[p]! & 7;
    if (k !== KIND.contour && k !== KIND.detail) continue;
    lineInk[p] = 1;
    keys[p] = zoneMap[p]! * 8 + k;
  }
  const { skeleton, owner } = centreLines(lineInk, keys, width, height);
  const strokes: Stroke[] = traceStrokes(skeleton, keys, width, height).map((s) => ({
    group: s.group >> 3,
    kind: s.group & 7,
    pixels: s.pixels,
  }));
  return { strokes, owner };
}

/** A hatch line goes on as one stroke across gaps of at most this many pixels. */
const HATCH_GAP = 2;

/**
 * The hatching's strokes, straight from the lines it was made of: a line's pixels in order along
 * it, one centre pixel (the darkest, nearest the line's middle) per pixel-long step. A line that
 * leaves its region, or that a pen line cuts, for more than HATCH_GAP steps goes on as a new
 * stroke. Each hatch pixel's owner is its step's centre pixel (on the hatching line where a
 * cross-hatching line passes over it too); -1 off the hatching.
 */
export function hatchStrokes(lines: OutlineResult): TracedStrokes {
  const { zoneMap, tone, width } = lines;
  const owner = new Int32Array(zoneMap.length).fill(-1);
  const { along, across, dirs } = lines.hatchLines;
  const lineCount = dirs.length / 2;
  // Each line's pixels, by a counting sort: line i's are members[start[i] .. start[i + 1]).
  const start = new Int32Array(lineCount + 1);
  for (let p = 0; p < along.length; p++) {
    if (along[p]! >= 0) start[along[p]! + 1]!++;
    if (across[p]! >= 0) start[across[p]! + 1]!++;
  }
  for (let i = 0; i < lineCount; i++) start[i + 1]! += start[i]!;
  const members = new Int32Array(start[lineCount]!);
  const next = start.slice(0, lineCount);
  for (let p = 0; p < along.length; p++) {
    if (along[p]! >= 0) members[next[along[p]!]!++] = p;
    if (across[p]! >= 0) members[next[across[p]!]!++] = p;
  }
  const position = new Float64Array(members.length); // along the line
  let centre = new Int32Array(256); // centre pixel of each step, -1 for none
  const strokes: Stroke[] = [];
  for (let line = 0; line < lineCount; line++) {
    const a = start[line]!;
    const b = start[line + 1]!;
    if (a === b) continue;
    const c = dirs[line * 2]!;
    const s = dirs[line * 2 + 1]!;
    let u0 = Infinity;
    let u1 = -Infinity;
    for (let i = a; i < b; i++) {
      const p = members[i]!;
      const x = p % width;
      const u = x * c + ((p - x) / width) * s;
      position[i] = u;
      if (u < u0) u0 = u;
      if (u > u1) u1 = u;
    }
    const steps = Math.floor(u1 - u0) + 1;
    if (centre.length < steps) centre = new Int32Array(steps * 2);
    centre.fill(-1, 0, steps);
    for (let i = a; i < b; i++) {
      const p = members[i]!;
      const j = Math.floor(position[i]! - u0);
      const q = centre[j]!;
      if (q < 0 || tone[p]! < tone[q]!) centre[j] = p;
    }
    const hatching = along[members[a]!] === line;
    for (let i = a; i < b; i++) {
      const p = members[i]!;
      if (hatching || along[p]! < 0) owner[p] = centre[Math.floor(position[i]! - u0)]!;
    }
    const stroke = { group: zoneMap[members[a]!]!, kind: hatching ? KIND.hatch : KIND.cross };
    let pixels: number[] = [];
    let gap = 0;
    for (let j = 0; j < steps; j++) {
      const q = centre[j]!;
      if (q < 0) {
        gap++;
        continue;
      }
      if (gap > HATCH_GAP && pixels.length > 0) {
        strokes.push({ ...stroke, pixels });
        pixels = [];
      }
      gap = 0;
      pixels.push(q);
    }
    strokes.push({ ...stroke, pixels });
  }
  return { strokes, owner };
}
