/**
 * The limits and part ids of stroke edits (`stroke-edits.ts`), without zod: the engine's browser
 * entry takes these, and must not build schemas (the web app sets zod's eval-free mode first).
 */
import { ZONE_LIMITS } from './constants.js';

/** Bands of a group along its direction: a group's parts are `g.0` .. `g.7`. */
export const PART_BANDS = 8;

/** Bounds on one create call's stroke edits: generous for a person, small for the server. */
export const STROKE_EDIT_LIMITS = {
  maxDeleted: 2_000,
  maxAdded: 300,
  /** Points of one stroke, deleted or added. */
  maxPointsPerStroke: 1_000,
  /** Points over all deleted and added strokes. */
  maxPoints: 50_000,
  /**
   * The summed length of all deleted and added strokes, in diagonals of the picture: the engine's
   * work follows their length, not their points. Deleting the 2,000 longest planned strokes one by
   * one measured 35-51 diagonals on the benchmark pictures, and 300 strokes drawn by hand half
   * the picture across each are 150 more.
   */
  maxLengthInDiagonals: 200,
  /** Parts named in `order`, and parts given a time scale or direction. */
  maxParts: 200,
  minTimeScale: 0.25,
  maxTimeScale: 4,
  minPressure: 0,
  maxPressure: 1,
  /** The pressure of a point whose device gives none. */
  defaultPressure: 0.5,
} as const;

/** A planned part: `"group.band"`, group 0..maxZones, band 0..7. */
export const PLANNED_PART_PATTERN = /^(0|[1-9][0-9]{0,2})\.[0-7]$/;
/** A part of freehand strokes: `"added.n"`, n >= 1. */
export const ADDED_PART_PATTERN = /^added\.[1-9][0-9]{0,5}$/;

/** A planned part's id, `"group.band"` (`PLANNED_PART_PATTERN`). */
export type PartId = string;
/** A part of strokes drawn by hand, `"added.n"` (`ADDED_PART_PATTERN`). */
export type AddedPartId = string;

/** The group and band of a planned part id, or undefined when it is not one. */
export function parsePartId(id: string): { group: number; band: number } | undefined {
  if (!PLANNED_PART_PATTERN.test(id)) return undefined;
  const [group, band] = id.split('.').map(Number) as [number, number];
  return group <= ZONE_LIMITS.maxZones ? { group, band } : undefined;
}

export const partIdOf = (group: number, band: number): PartId => `${group}.${band}`;
export const isAddedPartId = (id: string): boolean => ADDED_PART_PATTERN.test(id);

/** The planned parts that edits remove whole (`StrokeEdits.parts[id].removed`). */
export function removedParts(edits: {
  parts?: Readonly<Record<string, { removed?: boolean | undefined }>> | undefined;
}): Set<PartId> {
  const removed = new Set<PartId>();
  for (const [id, edit] of Object.entries(edits.parts ?? {}))
    if (edit.removed === true && parsePartId(id) !== undefined) removed.add(id);
  return removed;
}
