/**
 * Stroke edits: what a person changed in the drawing's strokes in the "Edit strokes" mode, sent
 * with the create call (`blobData.edits`) and applied by the engine. Plain zod and constants, so
 * the engine may take it too (`@rasma/contract/stroke-edits`).
 *
 * The drawing is ordered in parts: a part is one band of one group (`"${group}.${band}"`: group 0
 * the picture outside the Special Zones, group i zone i in list order; bands 0..7 along the
 * group's direction), and each freehand stroke set is a part `"added.${n}"`. Coordinates are the
 * image's own pixels (those of the zones' points), so edits hold at whatever size the browser
 * worked and the video is rendered.
 */
import { z } from 'zod';
import { DIRECTIONS, ZONE_LIMITS } from './constants.js';
import {
  ADDED_PART_PATTERN,
  isAddedPartId,
  parsePartId,
  PART_BANDS,
  STROKE_EDIT_LIMITS,
} from './stroke-edit-limits.js';

export * from './stroke-edit-limits.js';

const L = STROKE_EDIT_LIMITS;

const plannedPartSchema = z
  .string()
  .refine(
    (id) => parsePartId(id) !== undefined,
    `A part id is "group.band" (group 0-${ZONE_LIMITS.maxZones}, band 0-${PART_BANDS - 1})`,
  );
const addedPartSchema = z
  .string()
  .regex(ADDED_PART_PATTERN, 'A part of strokes drawn by hand is "added.n" (n from 1)');
const ANY_PART = 'A part id is "group.band" or "added.n"';
/** Any part of a drawing: a planned one or one drawn by hand. */
export const anyPartIdSchema = z
  .string()
  .refine((id) => parsePartId(id) !== undefined || isAddedPartId(id), ANY_PART);

/** JSON has no NaN or Infinity (1e400 parses as Infinity): both are refused here. */
const coordinate = z
  .number('A coordinate must be a finite number')
  .min(0, 'A coordinate must be 0 or more (image pixels)');
const pressure = z
  .number('A pressure must be a finite number')
  .min(L.minPressure, `A pressure is ${L.minPressure} to ${L.maxPressure}`)
  .max(L.maxPressure, `A pressure is ${L.minPressure} to ${L.maxPressure}`);

const deletedStrokeSchema = z.object({
  part: plannedPartSchema,
  /** The stroke's centre line (simplified), image pixels. */
  points: z
    .array(z.tuple([coordinate, coordinate]))
    .min(1, 'A deleted stroke needs at least one point')
    .max(L.maxPointsPerStroke, `A stroke has at most ${L.maxPointsPerStroke} points`),
});

const addedStrokeSchema = z.object({
  part: addedPartSchema,
  /** The pen's path, image pixels, with its pressure 0..1 at each point. */
  points: z
    .array(z.tuple([coordinate, coordinate, pressure]))
    .min(2, 'A stroke drawn by hand needs at least two points')
    .max(L.maxPointsPerStroke, `A stroke has at most ${L.maxPointsPerStroke} points`),
});

const partEditSchema = z.object({
  /** The part's share of the drawing time is multiplied by this. */
  timeScale: z
    .number('A time scale must be a finite number')
    .min(L.minTimeScale, `A time scale is ${L.minTimeScale} to ${L.maxTimeScale}`)
    .max(L.maxTimeScale, `A time scale is ${L.minTimeScale} to ${L.maxTimeScale}`)
    .optional(),
  /** The part's strokes are drawn in this direction. */
  direction: z.enum(DIRECTIONS).optional(),
  /** Every stroke of the part is left out, and its ink (a planned part only). */
  removed: z.literal(true, 'removed is true (the whole part is left out) or absent').optional(),
});

/** A part of strokes drawn by hand has no planned strokes to leave out: its own are deleted. */
export const REMOVED_ADDED_PART =
  'Only a planned part can be removed; strokes drawn by hand are deleted themselves';

export const strokeEditsSchema = z
  .object({
    /** Parts in the drawing order the person left them; parts not named keep their place. */
    order: z
      .array(anyPartIdSchema)
      .max(L.maxParts, `The order names at most ${L.maxParts} parts`)
      .refine((ids) => new Set(ids).size === ids.length, 'A part appears twice in the order')
      .optional(),
    parts: z
      .record(anyPartIdSchema, partEditSchema, {
        error: (issue) => (issue.code === 'invalid_key' ? ANY_PART : undefined),
      })
      .refine(
        (parts) => Object.keys(parts).length <= L.maxParts,
        `At most ${L.maxParts} parts may be given a time scale or direction, or removed`,
      )
      .superRefine((parts, context) => {
        for (const [id, edit] of Object.entries(parts))
          if (edit.removed && isAddedPartId(id))
            context.addIssue({
              code: 'custom',
              path: [id, 'removed'],
              message: REMOVED_ADDED_PART,
            });
      })
      .optional(),
    deleted: z
      .array(deletedStrokeSchema)
      .max(L.maxDeleted, `At most ${L.maxDeleted} strokes may be deleted`)
      .optional(),
    added: z
      .array(addedStrokeSchema)
      .max(L.maxAdded, `At most ${L.maxAdded} strokes may be drawn by hand`)
      .optional(),
  })
  .refine(
    (edits) => strokeEditPointCount(edits) <= L.maxPoints,
    `The edited strokes have at most ${L.maxPoints} points in all`,
  );

export type StrokeEdits = z.infer<typeof strokeEditsSchema>;
export type DeletedStroke = NonNullable<StrokeEdits['deleted']>[number];
export type AddedStroke = NonNullable<StrokeEdits['added']>[number];
export type PartEdit = z.infer<typeof partEditSchema>;

/** No edits: the drawing as planned. Frozen: copy it to change it. */
export const EMPTY_STROKE_EDITS: StrokeEdits = Object.freeze({
  order: [],
  parts: {},
  deleted: [],
  added: [],
});

/** Points over all deleted and added strokes. */
export function strokeEditPointCount(edits: {
  deleted?: readonly { points: readonly unknown[] }[] | undefined;
  added?: readonly { points: readonly unknown[] }[] | undefined;
}): number {
  let points = 0;
  for (const s of edits.deleted ?? []) points += s.points.length;
  for (const s of edits.added ?? []) points += s.points.length;
  return points;
}

/** A polyline's length (its points' first two coordinates). */
function polylineLength(points: readonly (readonly number[])[]): number {
  let length = 0;
  for (let i = 1; i < points.length; i++)
    length += Math.hypot(points[i]![0]! - points[i - 1]![0]!, points[i]![1]! - points[i - 1]![1]!);
  return length;
}

/** The longest the deleted and added strokes may be in all, in a picture's pixels. */
export const maxStrokeEditLength = ({ width, height }: { width: number; height: number }): number =>
  L.maxLengthInDiagonals * Math.hypot(width, height);

/** Whether there are edits that change something (not absent, not all lists and maps empty). */
export function hasStrokeEdits(edits: StrokeEdits | undefined): edits is StrokeEdits {
  if (!edits) return false;
  return (
    (edits.order?.length ?? 0) > 0 ||
    Object.keys(edits.parts ?? {}).length > 0 ||
    (edits.deleted?.length ?? 0) > 0 ||
    (edits.added?.length ?? 0) > 0
  );
}

/** What edits are for: how many Special Zones, and once known the picture's size (image pixels). */
export interface StrokeEditTarget {
  zones: number;
  picture?: { width: number; height: number };
}

/** Where edits go wrong (a path into the edits) and how. */
export interface StrokeEditProblem {
  path: (string | number)[];
  message: string;
}

/**
 * The first way valid edits do not fit what they are for, or undefined: a part of a zone that
 * does not exist, a part of strokes drawn by hand that has none, a point outside the picture,
 * strokes longer in all than `maxStrokeEditLength` of the picture.
 */
export function strokeEditProblem(
  edits: StrokeEdits,
  { zones, picture }: StrokeEditTarget,
): StrokeEditProblem | undefined {
  const handDrawn = new Set((edits.added ?? []).map((s) => s.part));
  const partProblem = (id: string): string | undefined => {
    if (isAddedPartId(id))
      return handDrawn.has(id) ? undefined : `Part "${id}" has no strokes drawn by hand`;
    const group = parsePartId(id)?.group ?? 0;
    return group <= zones
      ? undefined
      : `Part "${id}" is of Special Zone ${group}, but there ${zones === 1 ? 'is 1 zone' : `are ${zones} zones`}`;
  };
  const named: { path: StrokeEditProblem['path']; id: string }[] = [];
  (edits.order ?? []).forEach((id, i) => named.push({ path: ['order', i], id }));
  for (const id of Object.keys(edits.parts ?? {})) named.push({ path: ['parts', id], id });
  (edits.deleted ?? []).forEach((s, i) => named.push({ path: ['deleted', i, 'part'], id: s.part }));
  for (const { path, id } of named) {
    const message = partProblem(id);
    if (message) return { path, message };
  }
  if (!picture) return undefined;
  const { width, height } = picture;
  const outside = (list: 'deleted' | 'added'): StrokeEditProblem | undefined => {
    const strokes: readonly { points: readonly (readonly number[])[] }[] = edits[list] ?? [];
    for (const [i, { points }] of strokes.entries())
      for (const [j, [x = 0, y = 0]] of points.entries())
        if (x > width || y > height)
          return {
            path: [list, i, 'points', j],
            message: `The point (${x}, ${y}) lies outside the picture (${width} x ${height} pixels)`,
          };
    return undefined;
  };
  return outside('deleted') ?? outside('added') ?? strokeEditLengthProblem(edits, picture);
}

/**
 * Where the deleted and added strokes, in that order, pass `maxStrokeEditLength`, if they do (the
 * editor checks each edit with this; the create call with `strokeEditProblem`).
 */
export function strokeEditLengthProblem(
  edits: StrokeEdits,
  picture: { width: number; height: number },
): StrokeEditProblem | undefined {
  const max = maxStrokeEditLength(picture);
  let length = 0;
  for (const list of ['deleted', 'added'] as const)
    for (const [i, { points }] of (edits[list] ?? []).entries()) {
      length += polylineLength(points);
      if (length > max)
        return {
          path: [list, i, 'points'],
          message:
            `The deleted and added strokes are at most ${L.maxLengthInDiagonals} times the ` +
            `picture's diagonal long in all (${Math.floor(max).toLocaleString('en-US')} pixels ` +
            `for ${picture.width} x ${picture.height})`,
        };
    }
  return undefined;
}
