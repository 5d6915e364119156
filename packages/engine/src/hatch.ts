/**
 * Tone by hatching: dark regions get parallel pen lines whose spacing follows the darkness (every
 * second line only where it is darker), and a crossing direction for the darkest tones. The lines
 * run the way the picture's forms do (`hatch-direction.ts`): each region (8-connected, within one
 * drawing group and one direction) is hatched at its direction's angle. The lines are broken into
 * strokes with tapered ends, longer where it is darker, sparse over texture and over flat, even
 * tone, clipped to the region, with a slight hand wobble and pressure; the lightest values with a
 * finer pen. Pure.
 */
import { labelComponents } from './components.js';
import { hash01 } from './flow.js';
import { DIRECTION_BINS, binAngle, hatchDirections } from './hatch-direction.js';

/** Pixel kinds of the outline (`OutlineResult.kind`, low 3 bits). */
export const KIND = { paper: 0, contour: 1, detail: 2, hatch: 3, cross: 4 } as const;
/** Set on a hatch pixel that a cross-hatching line passes over too. */
export const CROSSED = 8;

/**
 * Hatch layers: a pixel gets layer i where its smoothed luma is below `LAYER_LUMA[i] * (level /
 * 255) ^ LEVEL_EXPONENT`. Layers 0 and 1 run along the region's angle (1 halves the spacing), 2
 * and 3 across it. Four values besides paper; at the default level 128 everything lighter than
 * 54 % luma is paper, so the ink goes to the darker half of the tones, and at 255 up to 88 %.
 */
const LAYER_LUMA = [0.88, 0.6, 0.39, 0.21] as const;
const LEVEL_EXPONENT = 0.71;
/** Line width of each depth (1-4 layers) outside zones: the lightest values with a finer pen. */
const LAYER_WEIGHT = [0, 0.7, 0.75, 1, 1] as const;
/**
 * Cross-hatching runs at one angle over the whole picture, falling to the right (y down), so the
 * darkest areas get long crossing lines, not a patchwork of short crossings that turn with each
 * patch of direction beneath. Where the hatching itself runs within `CROSS_CLEARANCE` of that
 * angle, the crossing turns `CROSS_TURN` from the hatching instead.
 */
const CROSS_ANGLE = Math.PI / 4;
const CROSS_CLEARANCE = (30 * Math.PI) / 180;
const CROSS_TURN = (75 * Math.PI) / 180;
/** The seed key of the one-angle cross-hatching's lines (direction bins and FALLBACK come first). */
const CROSS_KEY = DIRECTION_BINS + 1;
/** Geometry at a 1920 px long side (scaled with the image). */
const SPACING_AT_1920 = 12;
const HALF_WIDTH_AT_1920 = 0.8;
const MIN_SPACING = 5;
const WOBBLE_AT_1920 = 0.7;
const WOBBLE_PERIOD_AT_1920 = 140;
/**
 * Strokes along a line: one per `STROKE_PERIOD_AT_1920` px, covering from `SHORTEST_STROKE` of it
 * (the lightest hatched tone) to `LONGEST_STROKE` (where cross-hatching starts: unbroken), +-30 %
 * from stroke to stroke, its ends tapering over `TAPER` of its length; unbroken where
 * cross-hatched. Over texture and over a flat, even tone only `TEXTURE_STROKES` of the strokes
 * are drawn at the lightest value, rising over the second to all of them where cross-hatching
 * starts, so the tone grades into the cross-hatched areas instead of ending at a hard border.
 */
const STROKE_PERIOD_AT_1920 = 44;
const SHORTEST_STROKE = 0.3;
const LONGEST_STROKE = 1.3;
const TAPER = 0.25;
const TEXTURE_STROKES = 0.35;

export interface HatchParams {
  /** Smoothed luma in [0, 1]. */
  luma: Float32Array;
  /** Drawing group of each pixel (0 = the rest, i + 1 = zone i). */
  groupMap: Uint8Array;
  /** Level 0-255 of each group: how much of the darkness becomes hatching. */
  levels: readonly number[];
  width: number;
  height: number;
  /** Image long side / 1920. */
  scale: number;
}

export interface Hatching {
  /** 0 none, else KIND.hatch or KIND.cross, with CROSSED where both pass. */
  kind: Uint8Array;
  /** Pen shade 0-255 of hatch pixels. */
  shade: Uint8Array;
  lines: HatchLines;
}

/**
 * Which pen line each hatch pixel lies on, so the pen can draw the lines as they were made
 * instead of recovering them from pixels.
 */
export interface HatchLines {
  /** Hatching line (layers 0-1) through each pixel, -1 for none. */
  along: Int32Array;
  /** Cross-hatching line (layers 2-3) through each pixel, -1 for none. */
  across: Int32Array;
  /** Line i runs along the unit vector (dirs[2i], dirs[2i + 1]). */
  dirs: Float64Array;
}

/** The hatch lines' geometry at a picture's scale (long side / 1920), in pixels. */
export function hatchGeometry(scale: number): {
  spacing: number;
  halfWidth: number;
  wobble: number;
  /** No line (at most 1.3 half widths wide, bent at most `wobble`) reaches further from its centre. */
  reach: number;
} {
  // Small pictures keep lines a few pixels apart, or hatching would close into a slab.
  const spacing = Math.max(MIN_SPACING, SPACING_AT_1920 * scale);
  const halfWidth = Math.max(0.6, HALF_WIDTH_AT_1920 * scale);
  const wobble = (WOBBLE_AT_1920 * spacing) / SPACING_AT_1920;
  return { spacing, halfWidth, wobble, reach: wobble + 1.3 * halfWidth + 1e-6 };
}

export function hatch(params: HatchParams): Hatching {
  const { luma, groupMap, width, height, scale } = params;
  const n = width * height;
  const limits = params.levels.map((level) =>
    LAYER_LUMA.map((b) => b * (Math.max(0, level) / 255) ** LEVEL_EXPONENT),
  );
  const layers = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    const lim = limits[groupMap[p]!]!;
    const v = luma[p]!;
    let k = 0;
    while (k < 4 && v < lim[k]!) k++;
    layers[p] = k;
  }
  // Dark areas narrower than a few pixels are lines (drawn by the line step), not tone.
  const wide = openMask(layers, width, height, Math.max(2, Math.round(2 * scale)));
  for (let p = 0; p < n; p++) if (wide[p] === 0) layers[p] = 0;
  const { spacing, halfWidth, wobble, reach } = hatchGeometry(scale);
  // Regions within one group and one hatching direction.
  const directions = hatchDirections(luma, width, height, scale);
  const cellOfColumn = Int32Array.from({ length: width }, (_, x) => (x / directions.cell) | 0);
  const cellRow = (y: number) => ((y / directions.cell) | 0) * directions.columns;
  const regionKey = new Uint16Array(n); // only read where there is tone
  for (let y = 0, p = 0; y < height; y++) {
    const row = cellRow(y);
    for (let x = 0; x < width; x++, p++)
      if (layers[p] !== 0)
        regionKey[p] =
          groupMap[p]! * (DIRECTION_BINS + 1) + directions.bin[row + cellOfColumn[x]!]!;
  }
  const { label, count } = labelComponents(layers, regionKey, width, height);
  const { boxes, bins } = regionBoxes(label, regionKey, count, width);
  const angles = Float64Array.from(bins, binAngle);
  const kind = new Uint8Array(n);
  const shade = new Uint8Array(n);
  const omega = (2 * Math.PI) / (WOBBLE_PERIOD_AT_1920 * scale);
  const strokePeriod = STROKE_PERIOD_AT_1920 * Math.max(scale, spacing / SPACING_AT_1920);
  // Per region, the unit vectors along the hatching and along the cross-hatching, and the key
  // that seeds the cross-hatching's lines (its own direction's).
  const dirs = new Float64Array(count * 4);
  const crossKeys = new Uint8Array(count);
  angles.forEach((a, r) => {
    const turn = (((a - CROSS_ANGLE) % Math.PI) + Math.PI) % Math.PI; // 0..pi
    const fixed = Math.min(turn, Math.PI - turn) >= CROSS_CLEARANCE;
    const cross = fixed ? CROSS_ANGLE : a + CROSS_TURN;
    crossKeys[r] = fixed ? CROSS_KEY : bins[r]!;
    dirs.set([Math.cos(a), Math.sin(a), Math.cos(cross), Math.sin(cross)], r * 4);
  });
  // Line k of layer l in region r (k counts lines across the region) has the id
  // first[r * 4 + l] + k - kMin[r * 4 + l]: one id for each line the region's box can hold.
  // Layers 0 and 1 run along dirs[r * 4], layers 2 and 3 along dirs[r * 4 + 2] (i & ~1).
  const kMin = new Int32Array(count * 4);
  const first = new Int32Array(count * 4 + 1);
  for (let i = 0; i < count * 4; i++) {
    // Across-coordinates v = y c - x s of the region box's corners, for the layer's direction.
    const r = i >> 2;
    const c = dirs[i & ~1]!;
    const s = dirs[(i & ~1) + 1]!;
    const xs = [boxes[r * 4]!, boxes[r * 4 + 2]!];
    const vs = [boxes[r * 4 + 1]!, boxes[r * 4 + 3]!].flatMap((y) => xs.map((x) => y * c - x * s));
    const offset = (i & 1) * spacing * 0.5;
    const lo = Math.floor((Math.min(...vs) - offset) / spacing);
    const hi = Math.ceil((Math.max(...vs) - offset) / spacing);
    kMin[i] = lo;
    first[i + 1] = first[i]! + hi - lo + 1;
  }
  const lineCount = first[count * 4]!;
  const lineDirs = new Float64Array(lineCount * 2);
  // Each line's wobble phase and strokes come from a hash of where it lies (its direction, layer
  // and place across), not of its region's number: so a line is the same whichever regions the
  // picture splits into, and runs on unchanged from one region into the next of its direction.
  const seed = new Int32Array(lineCount);
  const phase = new Float64Array(lineCount);
  for (let i = 0; i < count * 4; i++) {
    for (let id = first[i]!; id < first[i + 1]!; id++) {
      lineDirs[id * 2] = dirs[i & ~1]!;
      lineDirs[id * 2 + 1] = dirs[(i & ~1) + 1]!;
      const k = id - first[i]! + kMin[i]!;
      const key = (i & 2) === 0 ? bins[i >> 2]! : crossKeys[i >> 2]!;
      seed[id] = ((key * 4 + (i & 3)) * 65_537 + k) | 0;
      phase[id] = hash01(seed[id]!) * 2 * Math.PI;
    }
  }
  // A layer pair's lines lie every half spacing (layer 0 at whole, layer 1 at half spacings) and
  // reach less than a quarter spacing from their centres: only the pair's line nearest the pixel
  // can touch it. Most pixels are ruled out before the bend is computed.
  const halfSpacing = spacing * 0.5;
  let hit = -1; // the line lineDistance found
  // Distance (in half widths) from pixel (x, y) of `region` to the nearest line of a layer pair
  // (`pair` 0 or 2, `both` when the pixel is dark enough for its second layer), worked out in its
  // coordinates u along and v across the lines; Infinity when off every line or its strokes.
  const lineDistance = (
    x: number,
    y: number,
    pair: number,
    both: boolean,
    region: number,
    strokeLength: number,
    keep: number,
    weight: number,
  ) => {
    const c = dirs[region * 4 + pair]!;
    const s = dirs[region * 4 + pair + 1]!;
    const u = x * c + y * s;
    const v = y * c - x * s;
    const j = Math.round(v / halfSpacing);
    const odd = j & 1;
    if (odd === 1 && !both) return Infinity;
    const offset = odd * halfSpacing;
    const k = j >> 1;
    if (Math.abs(v - offset - k * spacing) > reach) return Infinity;
    const o = region * 4 + pair + odd;
    const id = first[o]! + k - kMin[o]!;
    // The stroke of the line here, and how far along it the pixel is (0-1); off the strokes,
    // nothing. Each stroke's length and whether it is drawn are its own (a hash of line and
    // stroke); one as long as its period runs on into the next. Worked out before the line's
    // bend, which most pixels between strokes then need not compute.
    let taper = 1;
    if (strokeLength !== Infinity) {
      const along = u / strokePeriod + phase[id]!;
      const stroke = Math.floor(along);
      const chance = hash01((seed[id]! * 8191 + stroke) | 0);
      if (chance > keep) return Infinity;
      const cover = strokeLength * (0.7 + 0.6 * chance);
      const t = (along - stroke) / cover;
      if (t >= 1) return Infinity;
      if (cover < 1) taper = Math.min(1, t / TAPER, (1 - t) / TAPER);
    }
    const bend = Math.sin(u * omega + phase[id]!);
    const centre = offset + k * spacing + wobble * bend;
    // Pressure: the line swells and thins a little along its length, and to a point at its ends
    // (narrower there, not paler).
    const w = halfWidth * weight * (1 + 0.3 * bend);
    const d = Math.abs(v - centre);
    if (d >= w || (taper < 1 && d >= w * Math.sqrt(taper))) return Infinity;
    hit = id;
    return d / w;
  };
  const along = new Int32Array(n).fill(-1);
  const across = new Int32Array(n).fill(-1);

  for (let y = 0, p = 0; y < height; y++) {
    const row = cellRow(y);
    for (let x = 0; x < width; x++, p++) {
      const depth = layers[p]!;
      if (depth === 0) continue;
      const region = label[p]!;
      // Darker: longer strokes, from SHORTEST_STROKE at the lightest hatched tone (toward 0) to
      // unbroken where cross-hatching starts (1), all drawn there, texture or not: broken
      // crossing lines would look like brickwork.
      const [lightest, doubled, crossed] = limits[groupMap[p]!]!;
      const between = (from: number, to: number) =>
        Math.min(1, Math.max(0, (from - luma[p]!) / (from - to)));
      const toward = between(lightest!, crossed!);
      const strokeLength =
        depth > 2 ? Infinity : SHORTEST_STROKE + (LONGEST_STROKE - SHORTEST_STROKE) * toward;
      // Texture is suggested and a flat, even tone only touched in: a few of the strokes, the
      // light values with a finer pen. A zone is hatched as its fill level asks, with the full pen.
      const cell = row + cellOfColumn[x]!;
      const inZone = groupMap[p] !== 0;
      const touchedIn = directions.texture[cell] === 1 || (directions.flat[cell] === 1 && !inZone);
      const keep = touchedIn
        ? TEXTURE_STROKES + (1 - TEXTURE_STROKES) * between(doubled!, crossed!)
        : 1;
      hit = -1;
      const weight = inZone ? 1 : LAYER_WEIGHT[depth]!;
      const dAlong = lineDistance(x, y, 0, depth > 1, region, strokeLength, keep, weight);
      along[p] = hit;
      let dAcross = Infinity;
      if (depth > 2) {
        hit = -1;
        dAcross = lineDistance(x, y, 2, depth > 3, region, strokeLength, keep, weight);
        across[p] = hit;
      }
      const d = Math.min(dAlong, dAcross);
      if (d === Infinity) continue;
      kind[p] = dAlong < Infinity ? KIND.hatch | (dAcross < Infinity ? CROSSED : 0) : KIND.cross;
      shade[p] = 22 + 40 * d * d;
    }
  }
  return { kind, shade, lines: { along, across, dirs: lineDirs } };
}

/**
 * Morphological opening of the non-zero pixels by a (2r + 1) square: what such squares cover.
 * Erosion and dilation each as a pass along the rows and one down the columns, with running
 * counts: a few passes over the picture, whatever r.
 */
export function openMask(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const n = width * height;
  const side = 2 * r + 1;
  // Eroded: the square centred here lies wholly inside the mask (and the picture).
  const across = new Uint8Array(n); // the row's 2r + 1 pixels centred here are all in the mask
  for (let y = 0, p = 0; y < height; y++) {
    let run = 0;
    for (let x = 0; x < width; x++, p++) {
      run = mask[p] !== 0 ? run + 1 : 0;
      if (run >= side) across[p - r] = 1;
    }
  }
  const eroded = new Uint8Array(n);
  const columnRun = new Int32Array(width);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      columnRun[x] = across[p] === 1 ? columnRun[x]! + 1 : 0;
      if (columnRun[x]! >= side) eroded[p - r * width] = 1;
    }
  }
  return dilateMask(eroded, width, height, r);
}

/**
 * Morphological dilation of the non-zero pixels by a (2r + 1) square, clipped to the picture: 1
 * where the square around a pixel holds one. A pass along the rows and one down the columns.
 */
export function dilateMask(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const n = width * height;
  const near = new Uint8Array(n); // a mask pixel within r along the row
  for (let y = 0; y < height; y++) {
    const o = y * width;
    let count = 0;
    for (let x = 0; x < Math.min(r, width); x++) count += mask[o + x]!;
    for (let x = 0; x < width; x++) {
      if (x + r < width) count += mask[o + x + r]!;
      near[o + x] = count > 0 ? 1 : 0;
      if (x - r >= 0) count -= mask[o + x - r]!;
    }
  }
  const dilated = new Uint8Array(n);
  const columnCount = new Int32Array(width);
  for (let y = 0; y < Math.min(r, height); y++)
    for (let x = 0; x < width; x++) columnCount[x]! += near[y * width + x]!;
  for (let y = 0; y < height; y++) {
    const o = y * width;
    if (y + r < height) for (let x = 0; x < width; x++) columnCount[x]! += near[o + r * width + x]!;
    for (let x = 0; x < width; x++) dilated[o + x] = columnCount[x]! > 0 ? 1 : 0;
    if (y - r >= 0) for (let x = 0; x < width; x++) columnCount[x]! -= near[o - r * width + x]!;
  }
  return dilated;
}

/** Each region's box (min x, min y, max x, max y) and direction bin (from its key). */
function regionBoxes(
  label: Int32Array,
  regionKey: Uint16Array,
  count: number,
  width: number,
): { boxes: Float64Array; bins: Uint8Array } {
  const boxes = new Float64Array(count * 4);
  const bins = new Uint8Array(count);
  for (let r = 0; r < count; r++) boxes.set([Infinity, Infinity, -Infinity, -Infinity], r * 4);
  const height = label.length / width;
  for (let y = 0, p = 0; y < height; y++)
    for (let x = 0; x < width; x++, p++) {
      const r = label[p]!;
      if (r < 0) continue;
      const b = r * 4;
      if (boxes[b] === Infinity) bins[r] = regionKey[p]! % (DIRECTION_BINS + 1);
      if (x < boxes[b]!) boxes[b] = x;
      if (y < boxes[b + 1]!) boxes[b + 1] = y;
      if (x > boxes[b + 2]!) boxes[b + 2] = x;
      if (y > boxes[b + 3]!) boxes[b + 3] = y;
    }
  return { boxes, bins };
}
